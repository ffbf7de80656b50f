import { z } from 'zod';
import type { Actor } from './actor';
import { pagedSchema, queryInteger } from './schemas/query-params';
import { ValidationCode, requiredText } from './validation';

/**
 * Second factors (issue 21, docs/decisions/two-factor.md): TOTP (RFC 6238) with ten single-use
 * recovery codes, and passkeys (WebAuthn), which also sign in on their own. The payloads of the
 * `second-factors` feature and the rules API and web share.
 */
const c = ValidationCode;

/** Which second factor a sign-in passed (stored per session; 0: the password only). */
export const SecondFactorMethod = { none: 0, totp: 1, recoveryCode: 2, passkey: 3 } as const;
export type SecondFactorMethod = (typeof SecondFactorMethod)[keyof typeof SecondFactorMethod];

/** The ways a person can give her second factor at sign-in. */
export const secondFactorChoices = ['totp', 'recoveryCode', 'passkey'] as const;
export type SecondFactorChoice = (typeof secondFactorChoices)[number];

export const RECOVERY_CODE_COUNT = 10;

/**
 * Who must have a second factor when the setting says so: administrators and club database
 * managers (database responsible 120), who read and export the personal data of many members.
 */
export const needsSecondFactor = (actor: Pick<Actor, 'isAdmin' | 'clubManagerOf'>): boolean =>
  actor.isAdmin || actor.clubManagerOf.length > 0;

/** A six-digit code as typed: spaces are allowed between the digits. */
export const totpCode = () =>
  z
    .string({ error: c.required })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: c.required })
        .regex(/^\d{6}$/, { error: c.invalid }),
    );

/** A recovery code as shown (four groups of four), case and dashes ignored. */
export const recoveryCodeValue = () =>
  z
    .string({ error: c.required })
    .max(64, { error: c.tooLong })
    .transform((value) => value.replace(/[\s-]+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .min(1, { error: c.required })
        .regex(/^[A-Z2-7]{16}$/, { error: c.invalid }),
    );

/** The answer of a WebAuthn ceremony (`PublicKeyCredentialJSON`); the server library checks it. */
const webauthnCredential = () =>
  z.looseObject({ id: z.string().min(1).max(2000), type: z.literal('public-key') }, { error: c.invalid });

/** The signed challenge a passkey ceremony answers (a token of its own type). */
const challengeToken = () =>
  z.string({ error: c.required }).min(1, { error: c.required }).max(2000, { error: c.tooLong });

/** POST auth/authenticate's answer when a second step follows the password. */
export const secondFactorChallengeSchema = z.object({
  secondFactorTicket: z.string(),
  secondFactorMethods: z.array(z.enum(secondFactorChoices)),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** Tokens, and whether this sign-in must first set up a second factor (then nothing else works). */
export const signedInSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  secondFactorSetupRequired: z.boolean().optional(),
});
export type SignedIn = z.infer<typeof signedInSchema>;

/** POST auth/authenticate: signed in, or a second step to take. */
export const signInAnswerSchema = z.union([signedInSchema, secondFactorChallengeSchema]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** POST auth/second-factor: the ticket of the password step and exactly one factor. */
export const secondFactorBodySchema = z
  .object({
    ticket: challengeToken(),
    totpCode: totpCode().optional(),
    recoveryCode: recoveryCodeValue().optional(),
    passkey: z.object({ challengeToken: challengeToken(), credential: webauthnCredential() }).optional(),
  })
  .refine((body) => [body.totpCode, body.recoveryCode, body.passkey].filter((v) => v !== undefined).length === 1, {
    error: c.required,
    path: ['totpCode'],
  });
export type SecondFactorBody = z.infer<typeof secondFactorBodySchema>;

export const secondFactorTicketBodySchema = z.object({ ticket: challengeToken() });

/** Options for navigator.credentials.get/create (JSON), and the signed challenge to send back. */
export const passkeyOptionsSchema = z.object({
  challengeToken: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/** POST auth/passkey-sign-in: a discoverable passkey signs in without username and password. */
export const passkeySignInBodySchema = z.object({
  challengeToken: challengeToken(),
  credential: webauthnCredential(),
  acceptedTermsAndConditions: z.literal(true, { error: c.required }),
});
export type PasskeySignInBody = z.infer<typeof passkeySignInBodySchema>;

export const passkeyName = () => requiredText(80);

export const registerPasskeyBodySchema = z.object({
  name: passkeyName(),
  challengeToken: challengeToken(),
  credential: webauthnCredential(),
});
export type RegisterPasskeyBody = z.infer<typeof registerPasskeyBodySchema>;

export const renamePasskeyBodySchema = z.object({ name: passkeyName() });

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  isBackedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = pagedSchema(passkeySchema);

/** GET auth/second-factors: what the person has set up, and whether she must. */
export const secondFactorStatusSchema = z.object({
  hasTotp: z.boolean(),
  passkeyCount: z.number().int(),
  recoveryCodesLeft: z.number().int(),
  isRequired: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

export const totpSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as an SVG QR code (a data: URL). */
  qrCode: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const totpCodeBodySchema = z.object({ code: totpCode() });
export type TotpCodeBody = z.infer<typeof totpCodeBodySchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const resetSecondFactorBodySchema = z.object({ userId: z.uuid({ error: c.invalid }) });

/** Sessions and passkeys are short lists: at most 100 a page. */
const perPage = () =>
  queryInteger()
    .pipe(z.number().min(1, { error: c.perPageRange }).max(100, { error: c.perPageRange }))
    .default(20);
export const shortListQuerySchema = z.object({ Page: queryInteger({ max: 100_000 }).default(0), PerPage: perPage() });
export type ShortListQuery = z.infer<typeof shortListQuerySchema>;

/** One active sign-in on the sessions page. */
export const signInSessionSchema = z.object({
  id: z.uuid(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  isCurrent: z.boolean(),
});
export type SignInSession = z.infer<typeof signInSessionSchema>;
export const signInSessionListSchema = pagedSchema(signInSessionSchema);

const browsers: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];
const systems: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Browser and operating system named by a user agent, for the sessions page; null when unknown. */
export function describeUserAgent(userAgent: string | null): { browser: string | null; system: string | null } {
  const ua = userAgent ?? '';
  return {
    browser: browsers.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
    system: systems.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
  };
}
