import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * TOTP as authenticator apps expect it (RFC 6238: SHA-1, 6 digits, 30 seconds), with otplib.
 * A code is accepted from the step before to the step after the current one (clock drift of
 * phones); claimTotpStep makes each step count once.
 */
const TOLERANCE_SECONDS = 30;
const ISSUER = 'BPW Club Manager';

export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The time step the code belongs to, or undefined when it is wrong at `now`. */
export async function matchTotpStep(secret: string, code: string, now: Date): Promise<number | undefined> {
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
    });
    if (!result.valid) return undefined;
    // The start of the matching period (seconds), as a time step of 30 seconds.
    return Math.floor((result as { epoch: number }).epoch / 30);
  } catch {
    return undefined;
  }
}

export function totpUri(secret: string, username: string): string {
  return generateURI({ issuer: ISSUER, label: username, secret });
}

/** The otpauth URI as an SVG QR code, as a data: URL the web app shows as an image. */
export async function totpQrCode(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A recovery code: 80 random bits as 16 base32 characters, shown in four groups. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return text.match(/.{4}/g)!.join('-');
}

/** The form a recovery code is hashed in: no dashes, upper case (recoveryCodeValue normalises typed ones). */
export const normalisedRecoveryCode = (code: string) => code.replace(/[\s-]+/g, '').toUpperCase();
