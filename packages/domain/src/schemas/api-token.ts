import { z } from 'zod';
import { ValidationCode, requiredLine } from '../validation';
import { pagedSchema } from './query-params';

/**
 * Issue 26, docs/decisions/api-tokens.md: API tokens for the association's other tools. A
 * personal access token acts for one person with her current rights; a service token for a club
 * (its database managers' rights) or for the association (an admin's), each narrowed by scopes.
 */
export const apiTokenScopes = [
  'persons:read',
  'persons:write',
  'events:read',
  'events:write',
  'registrations:read',
  'registrations:write',
  // Reserved for the invoices feature: no route grants it yet.
  'invoices:read',
] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

export const apiTokenKinds = ['personal', 'club', 'association'] as const;
export type ApiTokenKind = (typeof apiTokenKinds)[number];

/** The secret's prefix by kind: a personal access token, or a service token. */
export const apiTokenPrefix = { personal: 'bpw_pat_', club: 'bpw_svc_', association: 'bpw_svc_' } as const;

/** A token lives one year at most. */
export const API_TOKEN_MAX_DAYS = 365;

const c = ValidationCode;

export const createApiTokenBodySchema = z.object({
  name: requiredLine(100),
  scopes: z
    .array(z.enum(apiTokenScopes, { error: c.invalid }), { error: c.required })
    .min(1, { error: c.required })
    .max(apiTokenScopes.length, { error: c.tooLong })
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: c.invalid }),
  expiresInDays: z
    .number({ error: c.required })
    .int({ error: c.integer })
    .min(1, { error: c.invalid })
    .max(API_TOKEN_MAX_DAYS, { error: c.invalid }),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBodySchema>;

export const apiTokenSchema = z.object({
  id: z.uuid(),
  kind: z.enum(apiTokenKinds),
  name: z.string(),
  scopes: z.array(z.enum(apiTokenScopes)),
  /** The club of a club service token. */
  clubId: z.uuid().nullable(),
  /** The first characters of the secret (its prefix and four more), to tell tokens apart. */
  hint: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The last request made with it, to the minute. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = pagedSchema(apiTokenSchema);

/** The answer of a creation: the token and its secret, shown this once and never again. */
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
