import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import type { OidcClientRow } from './oidc.queries';
import {
  consumePayload,
  destroyPayload,
  destroyPayloadsOfGrant,
  findClientRow,
  findPayload,
  findPayloadByUid,
  upsertPayload,
} from './oidc.queries';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ClientMetadataOf = (row: OidcClientRow) => Promise<AdapterPayload>;

/**
 * oidc-provider's storage in the database (docs/decisions/oidc.md): one table of records by model
 * and id, shared by every instance. Clients are not stored here: `Client` reads the admins'
 * registrations (oidc_clients), and a disabled or deleted one is unknown to the provider.
 */
export function createOidcAdapterFactory(deps: { db: Db; now: () => Date; clientMetadataOf: ClientMetadataOf }) {
  const { db, now } = deps;
  return (model: string): Adapter => {
    if (model === 'Client') {
      return {
        async find(id) {
          if (!uuidPattern.test(id)) return undefined;
          const row = await findClientRow(db, { id });
          return row?.isEnabled ? deps.clientMetadataOf(row) : undefined;
        },
        upsert: refuse,
        findByUid: async () => undefined,
        findByUserCode: async () => undefined,
        consume: refuse,
        destroy: refuse,
        revokeByGrantId: async () => undefined,
      };
    }
    const answer = (row: { payload: Record<string, unknown>; consumedAt: Date | null } | undefined) =>
      row
        ? ({
            ...row.payload,
            ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
          } as AdapterPayload)
        : undefined;
    return {
      async upsert(id, payload, expiresIn) {
        const accountId =
          typeof payload.accountId === 'string' && uuidPattern.test(payload.accountId) ? payload.accountId : null;
        await upsertPayload(db, {
          model,
          id,
          payload: payload as Record<string, unknown>,
          grantId: payload.grantId ?? null,
          uid: payload.uid ?? null,
          accountId,
          clientId: payload.clientId ?? null,
          expiresAt: expiresIn ? new Date(now().getTime() + expiresIn * 1000) : null,
        });
      },
      find: async (id) => answer(await findPayload(db, { model, id, now: now() })),
      findByUid: async (uid) => answer(await findPayloadByUid(db, { model, uid, now: now() })),
      // The device flow is off: no user codes.
      findByUserCode: async () => undefined,
      consume: (id) => consumePayload(db, { model, id, now: now() }),
      destroy: (id) => destroyPayload(db, { model, id }),
      revokeByGrantId: (grantId) => destroyPayloadsOfGrant(db, { grantId }),
    };
  };
}

async function refuse(): Promise<never> {
  throw new Error('Clients are registered by admins, not through the provider.');
}
