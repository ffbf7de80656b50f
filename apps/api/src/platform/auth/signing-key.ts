import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { systemSecrets } from '../../db/schema/system-secrets';

const KEY_NAME = 'jwt-signing-key';
export const MIN_SECRET_BYTES = 32;

/**
 * The HS256 key: JWT_SECRET when set (at least 32 bytes), else a random key generated once and
 * kept in the database, so every instance on that database signs and verifies with the same key.
 */
export async function loadSigningKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured !== undefined) {
    const key = new TextEncoder().encode(configured);
    if (key.byteLength < MIN_SECRET_BYTES) {
      throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes long.`);
    }
    return key;
  }
  // The first instance to get here inserts the key; the others keep theirs out and read it.
  await db
    .insert(systemSecrets)
    .values({ name: KEY_NAME, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing({ target: systemSecrets.name });
  const [row] = await db
    .select({ value: systemSecrets.value })
    .from(systemSecrets)
    .where(eq(systemSecrets.name, KEY_NAME));
  if (!row) throw new Error('The JWT signing key could not be stored.');
  return new Uint8Array(Buffer.from(row.value, 'base64url'));
}
