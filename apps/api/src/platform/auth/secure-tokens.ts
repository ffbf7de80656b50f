import { createHash, randomBytes } from 'node:crypto';

/** A random secret of 256 bits for refresh tokens and mailed links (base64url, 43 characters). */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

/** Only this hash (hex SHA-256) is stored: a database leak does not reveal usable tokens. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
