import { bigint, boolean, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns';
import { persons } from './persons';

/**
 * A person's TOTP authenticator (RFC 6238), at most one. `confirmedAt` is null while being set up
 * (the QR code was shown, no code typed yet): only a confirmed one counts as a second factor.
 * `lastStep` is the last accepted time step, so no code is accepted twice.
 * docs/decisions/two-factor.md.
 */
export const totpAuthenticators = pgTable('totp_authenticators', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** The ten single-use recovery codes of a person with TOTP; only a hash is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_person_idx').on(t.personId, t.codeHash)],
);

/** WebAuthn credentials (passkeys): a person has several, each with a name she chose. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** base64url, as WebAuthn hands it over. */
    credentialId: text('credential_id').notNull().unique('passkeys_credential_id_uq'),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** Comma-separated AuthenticatorTransport values. */
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    isBackedUp: boolean('is_backed_up').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [index('passkeys_person_created_idx').on(t.personId, t.createdAt, t.id)],
);

/**
 * WebAuthn challenges already answered: the challenge travels in a signed token (no row per
 * offered challenge), and its hash is kept here until it expires, so each is used once.
 */
export const usedWebauthnChallenges = pgTable(
  'used_webauthn_challenges',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('used_webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * One row per sign-in (refresh chain, the access token's `sid`): what the sessions page shows
 * (device from the user agent, last address, last use) and which second factor it passed
 * (`secondFactor`: the domain's SecondFactorMethod, 0 none). Ended sign-ins are the chains whose
 * tokens are revoked or expired (refresh_tokens).
 */
export const signInSessions = pgTable(
  'sign_in_sessions',
  {
    chainId: uuid('chain_id').primaryKey(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    lastUsedAt: timestamptz('last_used_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    secondFactor: smallint('second_factor').notNull().default(0),
  },
  (t) => [
    index('sign_in_sessions_person_last_used_idx').on(t.personId, t.lastUsedAt, t.chainId),
    index('sign_in_sessions_expires_idx').on(t.expiresAt),
  ],
);
