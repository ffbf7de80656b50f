import { boolean, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id, timestamptz } from './columns';
import { persons } from './persons';

/**
 * Issue 26, docs/decisions/oidc.md: the applications whose members sign in with their account
 * here (OpenID Connect). The id is the client_id. A confidential client's secret is not stored:
 * it is derived from `secret_salt` and a system secret (HMAC), shown once, renewed by a new salt.
 */
export const oidcClients = pgTable(
  'oidc_clients',
  {
    id: id(),
    name: text('name').notNull(),
    redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
    /** The scopes (and with them the claims) it may receive; openid is always among them. */
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    /** Public clients (apps in a browser or on a phone) have no secret and rely on PKCE alone. */
    isPublic: boolean('is_public').notNull(),
    /** client_secret_basic or client_secret_post; none for a public client. */
    tokenEndpointAuthMethod: text('token_endpoint_auth_method').notNull(),
    secretSalt: text('secret_salt'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    ...auditColumns(),
  },
  (t) => [index('oidc_clients_name_idx').on(t.name, t.id)],
);

/**
 * The provider library's records (sessions, interactions, grants, codes, tokens) by model and id,
 * so that every instance on the database shares them (oidc-provider's adapter interface).
 * account_id and client_id are copied out of the payload: withdrawing a consent or deleting a
 * client removes its grants and tokens with one indexed statement.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    accountId: uuid('account_id').references(() => persons.id, { onDelete: 'cascade' }),
    clientId: text('client_id'),
    expiresAt: timestamptz('expires_at'),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.model, t.uid),
    index('oidc_payloads_client_account_idx').on(t.clientId, t.accountId),
    index('oidc_payloads_account_idx').on(t.accountId),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A member's remembered consent: which application may receive which scopes. She sees them as
 * "Connected apps" and may withdraw one, which also ends the application's grants and tokens.
 */
export const oidcConsents = pgTable(
  'oidc_consents',
  {
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => oidcClients.id, { onDelete: 'cascade' }),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.clientId] }), index('oidc_consents_client_idx').on(t.clientId)],
);
