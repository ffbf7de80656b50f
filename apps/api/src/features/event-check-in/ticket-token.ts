import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { ticketTokenPattern } from '@bpw/domain/schemas/event-check-in';
import type { Db } from '../../db/client';
import { systemSecret } from '../../platform/system-secrets';

/**
 * The ticket token (issue 19, docs/decisions/tickets-check-in.md): the registration's 128-bit id
 * encrypted as one AES-256 block with a key kept in the database. It is not the id, nobody can
 * make one without the key (a guess hits a registration with odds of 2^-128 per registration),
 * and the server can show it again on the page, in the mail and in the PDF without storing
 * anything per registration. One block, no padding: ECB's weakness (equal blocks look equal)
 * cannot appear, since every id is a different single block.
 */
const KEY_NAME = 'ticket-key';

/** The key, read once per database. */
export const ticketKey = (db: Db): Promise<Buffer> => systemSecret(db, KEY_NAME);

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export function ticketTokenOf(key: Buffer, registrationId: string): string {
  const cipher = createCipheriv('aes-256-ecb', key, null).setAutoPadding(false);
  return Buffer.concat([cipher.update(uuidBytes(registrationId)), cipher.final()]).toString('base64url');
}

/** The registration id a token stands for, or null for text that cannot be a token. */
export function registrationIdOfTicket(key: Buffer, token: string): string | null {
  if (!ticketTokenPattern.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  // One spelling per token: the last character's two spare bits must be zero.
  if (bytes.length !== 16 || bytes.toString('base64url') !== token) return null;
  const decipher = createDecipheriv('aes-256-ecb', key, null).setAutoPadding(false);
  return uuidOf(Buffer.concat([decipher.update(bytes), decipher.final()]));
}

/** What the door's offline list holds instead of tokens (hex SHA-256, as the browser's SubtleCrypto gives it). */
export const ticketHashOf = (token: string) => createHash('sha256').update(token).digest('hex');
