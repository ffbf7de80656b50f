import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { systemSecret } from '../../platform/system-secrets';

/**
 * The one-click unsubscribe token of a list mailing's recipient (RFC 8058; issue 18): her
 * recipient row's id and an HMAC of it (128 bits) with a secret of this installation. It never
 * expires (a mail may be read years later) and needs no sign-in; it can only take her off that
 * one list.
 */
const SECRET_NAME = 'mailing-unsubscribe';
const MAC_BYTES = 16;

const macOf = (secret: Buffer, recipientId: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${recipientId}`).digest().subarray(0, MAC_BYTES);

export async function unsubscribeTokenSigner(db: Db) {
  const secret = await systemSecret(db, SECRET_NAME);
  return (recipientId: string) => `${recipientId}.${macOf(secret, recipientId).toString('base64url')}`;
}

/** The recipient id a token names, or undefined for a token that is not ours. */
export async function verifyUnsubscribeToken(db: Db, token: string): Promise<string | undefined> {
  const match = /^(\d{1,18})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return undefined;
  const [, recipientId, mac] = match as unknown as [string, string, string];
  const secret = await systemSecret(db, SECRET_NAME);
  // Compared as text: base64url decoding ignores the last character's spare bits, so another
  // spelling of the same bytes must not pass.
  const given = Buffer.from(mac);
  const expected = Buffer.from(macOf(secret, recipientId).toString('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? recipientId : undefined;
}
