import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { systemSecrets } from '../db/schema/system-secrets';

/**
 * A random secret generated once and kept in `system_secrets` under its name, so every instance
 * on that database uses the same one: the first to get here inserts it, the others keep theirs
 * out and read it.
 */
export async function readOrCreateSecret(db: Db, name: string, bytes: number): Promise<Buffer> {
  await db
    .insert(systemSecrets)
    .values({ name, value: randomBytes(bytes).toString('base64url') })
    .onConflictDoNothing({ target: systemSecrets.name });
  const [row] = await db.select({ value: systemSecrets.value }).from(systemSecrets).where(eq(systemSecrets.name, name));
  if (!row) throw new Error(`The secret ${name} could not be stored.`);
  return Buffer.from(row.value, 'base64url');
}

const cached = new WeakMap<object, Map<string, Promise<Buffer>>>();

/** The same, read once per database and name (a failed read is tried again next time). */
export function systemSecret(db: Db, name: string): Promise<Buffer> {
  const byName = cached.get(db) ?? new Map<string, Promise<Buffer>>();
  cached.set(db, byName);
  let secret = byName.get(name);
  if (!secret) {
    secret = readOrCreateSecret(db, name, 32);
    secret.catch(() => byName.delete(name));
    byName.set(name, secret);
  }
  return secret;
}
