import { z } from 'zod';
import type { Actor } from '../actor';
import { ValidationCode, requiredText } from '../validation';
import { pagedSchema, pagingQuery } from './query-params';

/**
 * Issue 26: applications whose members sign in with their account here (OpenID Connect provider,
 * docs/decisions/oidc.md). Admins register them; members consent and may withdraw.
 */
const c = ValidationCode;

/** The scopes an application may be allowed; openid (the person id, `sub`) is always granted. */
export const oidcScopes = ['openid', 'profile', 'email', 'clubs'] as const;
export type OidcScope = (typeof oidcScopes)[number];
export const oidcOptionalScopes = ['profile', 'email', 'clubs'] as const;

/** The claims each scope releases. */
export const oidcClaimsOfScope: Record<OidcScope, readonly string[]> = {
  openid: ['sub'],
  profile: ['name', 'given_name', 'family_name', 'locale'],
  email: ['email'],
  clubs: ['clubs'],
};

export const oidcTokenEndpointAuthMethods = ['client_secret_basic', 'client_secret_post'] as const;

/** Only admins register applications. */
export const canManageOidcClients = (actor: Actor) => actor.isAdmin;

/**
 * A redirect URL: https, or http on localhost for development; no fragment, no user info
 * (OpenID Connect Core 3.1.2.1, OAuth 2.0 Security BCP).
 */
export const isAllowedRedirectUri = (value: string): boolean => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash !== '' || value.includes('#') || url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
};

const redirectUriSchema = z
  .string({ error: c.url })
  .trim()
  .max(2000, { error: c.tooLong })
  .refine(isAllowedRedirectUri, { error: c.url });

export const oidcClientBodySchema = z.object({
  name: requiredText(100),
  redirectUris: z
    .array(redirectUriSchema, { error: c.required })
    .min(1, { error: c.required })
    .max(20, { error: c.tooLong }),
  /** profile, email, clubs (openid is implied). */
  scopes: z.array(z.enum(oidcOptionalScopes, { error: c.invalid }), { error: c.invalid }).max(3, { error: c.invalid }),
  isEnabled: z.boolean({ error: c.boolean }),
});
export type OidcClientBody = z.infer<typeof oidcClientBodySchema>;

/** Creating also says the kind: public (PKCE only, no secret) or confidential with a secret. */
export const oidcClientCreateBodySchema = oidcClientBodySchema.extend({
  isPublic: z.boolean({ error: c.boolean }),
  tokenEndpointAuthMethod: z.enum(oidcTokenEndpointAuthMethods, { error: c.invalid }).default('client_secret_basic'),
});
export type OidcClientCreateBody = z.input<typeof oidcClientCreateBodySchema>;

export const oidcClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  redirectUris: z.array(z.string()),
  scopes: z.array(z.string()),
  isPublic: z.boolean(),
  tokenEndpointAuthMethod: z.string(),
  isEnabled: z.boolean(),
  createdAt: z.string(),
});
export type OidcClient = z.infer<typeof oidcClientSchema>;

/** The answer to creating (or renewing the secret of) a client: the secret, this once. */
export const oidcClientCreatedSchema = oidcClientSchema.extend({ clientSecret: z.string().nullable() });
export type OidcClientCreated = z.infer<typeof oidcClientCreatedSchema>;

export const oidcClientListQuerySchema = z.object({ ...pagingQuery(50) });
export type OidcClientListQuery = z.infer<typeof oidcClientListQuerySchema>;
export const oidcClientListSchema = pagedSchema(oidcClientSchema);
export type OidcClientList = z.infer<typeof oidcClientListSchema>;

/** The interaction id the provider puts in the consent page's address. */
export const oidcInteractionParamsSchema = z.object({
  uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: c.invalid }),
});

/** GET oidc-interaction/{uid}: which application asks for which data. */
export const oidcInteractionSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  /** The scopes asked for and allowed, openid first. */
  scopes: z.array(z.string()),
  /** True when she already agreed to all of them: the page continues without asking. */
  isConsentRemembered: z.boolean(),
});
export type OidcInteraction = z.infer<typeof oidcInteractionSchema>;

/** Where the browser goes next: back to the provider, which answers the application. */
export const oidcRedirectSchema = z.object({ redirectTo: z.string() });
export type OidcRedirect = z.infer<typeof oidcRedirectSchema>;

/** GET oidc-consent: her connected apps. */
export const oidcConsentSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OidcConsent = z.infer<typeof oidcConsentSchema>;
export const oidcConsentListSchema = z.object({ items: z.array(oidcConsentSchema) });
export type OidcConsentList = z.infer<typeof oidcConsentListSchema>;
