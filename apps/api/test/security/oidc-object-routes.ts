import { oidcClients, oidcConsents } from '../../src/db/schema/oidc';
import { uniqueSuffix } from '../factories';
import { personIn } from './object-fixtures';
import type { ObjectCase } from './object-routes';
import type { SecurityWorld } from './security-world';

/**
 * Issue 26 (docs/decisions/oidc.md): the applications belong to no club, only admins manage them;
 * a consent is her own (nobody else's, not even an admin's, to withdraw); an interaction only the
 * browser that started it may see or answer (its cookie), so it is refused for everyone here.
 */
const admins = ['admin'] as const;
const nobody = [] as const;

const clientBody = {
  name: 'Security app',
  redirectUris: ['https://app.example.test/callback'],
  scopes: ['profile'],
  isEnabled: true,
};

async function clientOf(w: SecurityWorld) {
  const [row] = await w.db
    .insert(oidcClients)
    .values({
      ...clientBody,
      isPublic: false,
      tokenEndpointAuthMethod: 'client_secret_basic',
      secretSalt: uniqueSuffix(),
    })
    .returning({ id: oidcClients.id });
  return row!.id;
}

export const oidcObjectCases: Record<string, ObjectCase> = {
  'GET /api/v1/oidc-client/:id': {
    own: admins,
    other: admins,
    build: async (w) => ({ url: `/api/v1/oidc-client/${await clientOf(w)}` }),
  },
  'PUT /api/v1/oidc-client/:id': {
    own: admins,
    other: admins,
    build: async (w) => ({ url: `/api/v1/oidc-client/${await clientOf(w)}`, payload: clientBody }),
  },
  'POST /api/v1/oidc-client/:id/secret': {
    own: admins,
    other: admins,
    build: async (w) => ({ url: `/api/v1/oidc-client/${await clientOf(w)}/secret` }),
  },
  'DELETE /api/v1/oidc-client/:id': {
    own: admins,
    other: admins,
    build: async (w) => ({ url: `/api/v1/oidc-client/${await clientOf(w)}` }),
  },
  'GET /api/v1/oidc-interaction/:uid': {
    own: nobody,
    other: nobody,
    build: async () => ({ url: `/api/v1/oidc-interaction/started-elsewhere-${uniqueSuffix()}` }),
  },
  'POST /api/v1/oidc-interaction/:uid/accept': {
    own: nobody,
    other: nobody,
    build: async () => ({ url: `/api/v1/oidc-interaction/started-elsewhere-${uniqueSuffix()}/accept` }),
  },
  'POST /api/v1/oidc-interaction/:uid/deny': {
    own: nobody,
    other: nobody,
    build: async () => ({ url: `/api/v1/oidc-interaction/started-elsewhere-${uniqueSuffix()}/deny` }),
  },
  // Another person's consent: the id is the application's, the consent hers.
  'DELETE /api/v1/oidc-consent/:id': {
    own: nobody,
    other: nobody,
    build: async (w, at) => {
      const clientId = await clientOf(w);
      await w.db.insert(oidcConsents).values({ personId: await personIn(w, at), clientId, scopes: ['openid'] });
      return { url: `/api/v1/oidc-consent/${clientId}` };
    },
  },
};
