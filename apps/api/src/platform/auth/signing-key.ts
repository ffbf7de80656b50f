import type { Db } from '../../db/client';
import { readOrCreateSecret } from '../system-secrets';

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
  return new Uint8Array(await readOrCreateSecret(db, KEY_NAME, 48));
}
