import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { clubs } from './clubs';
import { id, timestamptz } from './columns';
import { persons } from './persons';

/**
 * API tokens (issue 26, docs/decisions/api-tokens.md): personal access tokens of a person, and
 * service tokens of a club or of the association. Only the SHA-256 of the secret is kept.
 * last_used_at is written at most once a minute per token.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    kind: text('kind').notNull(),
    /** The owner of a personal token; its rights are hers, as they are at each request. */
    personId: uuid('person_id').references(() => persons.id, { onDelete: 'cascade' }),
    /** The club of a club service token. */
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    secretHash: text('secret_hash').notNull().unique('api_tokens_secret_hash_uq'),
    hint: text('hint').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by'),
    expiresAt: timestamptz('expires_at').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    index('api_tokens_person_idx').on(t.personId, t.createdAt),
    index('api_tokens_club_idx').on(t.clubId, t.createdAt),
    index('api_tokens_association_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'association'`),
    check(
      'api_tokens_owner_ck',
      sql`(${t.kind} = 'personal' and ${t.personId} is not null and ${t.clubId} is null)
        or (${t.kind} = 'club' and ${t.clubId} is not null and ${t.personId} is null)
        or (${t.kind} = 'association' and ${t.personId} is null and ${t.clubId} is null)`,
    ),
  ],
);
