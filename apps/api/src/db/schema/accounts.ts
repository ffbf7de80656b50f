import { boolean, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { citext, id, timestamptz } from './columns';
import { persons } from './persons';

/** Sign-in data of a person; the stored roles admin and central committee live here. */
export const userAccounts = pgTable('user_accounts', {
  id: id(),
  personId: uuid('person_id')
    .notNull()
    .unique('user_accounts_person_id_uq')
    .references(() => persons.id, { onDelete: 'cascade' }),
  username: citext('username').notNull().unique('user_accounts_username_uq'),
  // Null until the person sets a password (e.g. through an invitation link).
  passwordHash: text('password_hash'),
  acceptedTermsAt: timestamptz('accepted_terms_at'),
  isAdmin: boolean('is_admin').notNull().default(false),
  isCentralCommittee: boolean('is_central_committee').notNull().default(false),
  failedLoginCount: integer('failed_login_count').notNull().default(0),
  lockedUntil: timestamptz('locked_until'),
  passwordChangedAt: timestamptz('password_changed_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * Rotating refresh tokens. All tokens descending from one sign-in share chain_id, so reuse of
 * an already used token revokes the whole chain. Only a hash (hex SHA-256) of the token is stored.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    chainId: uuid('chain_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_token_hash_uq'),
    // The token this one replaced; no foreign key so expired parents can be cleaned up freely.
    parentId: uuid('parent_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    revokedAt: timestamptz('revoked_at'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('refresh_tokens_chain_idx').on(t.chainId),
    index('refresh_tokens_person_idx').on(t.personId),
    index('refresh_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Single-use links: password reset (valid 1 hour) and invitation (valid 7 days).
 * purpose: the domain package's numbers (reset / invitation). Only the hash is stored.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: id(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    purpose: smallint('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique('password_tokens_token_hash_uq'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('password_tokens_person_idx').on(t.personId)],
);
