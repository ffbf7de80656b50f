import { apiTokens } from '../../src/db/schema/api-tokens';
import { hashToken, newOpaqueToken } from '../../src/platform/auth/secure-tokens';
import type { Target } from './object-fixtures';
import type { ObjectCase } from './object-routes';
import type { SecurityWorld } from './security-world';

/**
 * Issue 26 (docs/decisions/api-tokens.md): a club's service tokens are its database managers'
 * and the admins'; revoking another club's token is refused like an unknown one.
 */
const managers = ['clubManager', 'admin'] as const;
const admins = ['admin'] as const;
const tokenBody = { name: 'Security', scopes: ['persons:read'], expiresInDays: 30 };

async function clubTokenOf(w: SecurityWorld, at: Target) {
  const [row] = await w.db
    .insert(apiTokens)
    .values({
      kind: 'club',
      clubId: at.clubId,
      name: 'Security',
      scopes: ['persons:read'],
      secretHash: hashToken(newOpaqueToken()),
      hint: 'bpw_svc_xxxx',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: apiTokens.id });
  return row!.id;
}

export const apiTokenObjectCases: Record<string, ObjectCase> = {
  'GET /api/v1/club/:id/api-token': {
    own: managers,
    other: admins,
    build: async (_w, at) => ({ url: `/api/v1/club/${at.clubId}/api-token` }),
  },
  'POST /api/v1/club/:id/api-token': {
    own: managers,
    other: admins,
    build: async (_w, at) => ({ url: `/api/v1/club/${at.clubId}/api-token`, payload: tokenBody }),
  },
  'DELETE /api/v1/api-token/:id': {
    own: managers,
    other: admins,
    build: async (w, at) => ({ url: `/api/v1/api-token/${await clubTokenOf(w, at)}` }),
  },
};
