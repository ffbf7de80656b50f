import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id parameters (m = 19 MiB, t = 2, p = 1): about 6 ms a hash here.
const options = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash to verify against when the user does not exist, so both answers take the same time.
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/** A readable random password that meets the password rule (for the generated first administrator). */
export function generatePassword(): string {
  const raw = randomBytes(18).toString('base64url');
  return `${raw}aA1`;
}
