import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Actor } from '@bpw/domain/actor';
import {
  type OidcClient,
  type OidcClientBody,
  type OidcClientCreateBody,
  type OidcClientCreated,
  type OidcClientList,
  type OidcClientListQuery,
  type OidcConsentList,
  type OidcInteraction,
  type OidcRedirect,
  canManageOidcClients,
  oidcClientCreateBodySchema,
} from '@bpw/domain/schemas/oidc';
import type Provider from 'oidc-provider';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { clientSecretOf } from './oidc-provider';
import {
  type OidcClientRow,
  deleteClientRow,
  deleteConsent,
  deletePayloadsOfClient,
  findClientRow,
  findClientRows,
  findConsent,
  findConsentsOf,
  insertClientRow,
  updateClientRow,
  upsertConsent,
} from './oidc.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now'>;

const newSalt = () => randomBytes(16).toString('base64url');

const clientOf = (row: OidcClientRow): OidcClient => ({
  id: row.id,
  name: row.name,
  redirectUris: row.redirectUris,
  scopes: row.scopes,
  isPublic: row.isPublic,
  tokenEndpointAuthMethod: row.isPublic ? 'none' : row.tokenEndpointAuthMethod,
  isEnabled: row.isEnabled,
  createdAt: row.createdAt.toISOString(),
});

/* ------------------------------------------------------------------ admins: client applications */

export async function authorizeClientAdmin(actor: Actor): Promise<void> {
  if (!canManageOidcClients(actor)) throw forbidden();
}

export async function listClients(deps: Deps, actor: Actor, query: OidcClientListQuery): Promise<OidcClientList> {
  await authorizeClientAdmin(actor);
  const { items, total } = await findClientRows(deps.db, {
    limit: query.PerPage === 0 ? undefined : query.PerPage,
    offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
  });
  return { items: items.map(clientOf), total };
}

export async function getClient(deps: Deps, actor: Actor, id: string): Promise<OidcClient> {
  await authorizeClientAdmin(actor);
  const row = await findClientRow(deps.db, { id });
  if (!row) throw notFound();
  return clientOf(row);
}

const uniqueScopes = (scopes: readonly string[]) => [...new Set(scopes)].sort();

export async function createClient(deps: Deps, actor: Actor, input: OidcClientCreateBody): Promise<OidcClientCreated> {
  await authorizeClientAdmin(actor);
  const body = oidcClientCreateBodySchema.parse(input);
  const row = await insertClientRow(deps.db, {
    name: body.name,
    redirectUris: [...new Set(body.redirectUris)],
    scopes: uniqueScopes(body.scopes),
    isPublic: body.isPublic,
    tokenEndpointAuthMethod: body.isPublic ? 'none' : body.tokenEndpointAuthMethod,
    secretSalt: body.isPublic ? null : newSalt(),
    isEnabled: body.isEnabled,
    createdBy: actor.personId,
    updatedBy: actor.personId,
  });
  return { ...clientOf(row), clientSecret: await clientSecretOf(deps.db, row) };
}

export async function changeClient(deps: Deps, actor: Actor, id: string, body: OidcClientBody): Promise<OidcClient> {
  await authorizeClientAdmin(actor);
  const row = await updateClientRow(deps.db, {
    id,
    values: {
      name: body.name,
      redirectUris: [...new Set(body.redirectUris)],
      scopes: uniqueScopes(body.scopes),
      isEnabled: body.isEnabled,
      updatedAt: deps.now(),
      updatedBy: actor.personId,
    },
  });
  if (!row) throw notFound();
  // Disabled: its codes and tokens stop at once (the provider no longer knows the client either).
  if (!row.isEnabled) await deletePayloadsOfClient(deps.db, { clientId: id });
  return clientOf(row);
}

/** A new secret (the old one stops working at once), shown this once. */
export async function renewClientSecret(deps: Deps, actor: Actor, id: string): Promise<OidcClientCreated> {
  await authorizeClientAdmin(actor);
  const existing = await findClientRow(deps.db, { id });
  if (!existing) throw notFound();
  if (existing.isPublic) throw new AppError('Conflict', ['error.oidcClientPublic']);
  const row = await updateClientRow(deps.db, {
    id,
    values: { secretSalt: newSalt(), updatedAt: deps.now(), updatedBy: actor.personId },
  });
  if (!row) throw notFound();
  return { ...clientOf(row), clientSecret: await clientSecretOf(deps.db, row) };
}

export async function removeClient(deps: Deps, actor: Actor, id: string): Promise<void> {
  await authorizeClientAdmin(actor);
  await deps.db.transaction(async (tx) => {
    await deletePayloadsOfClient(tx, { clientId: id });
    if (!(await deleteClientRow(tx, { id }))) throw notFound();
  });
}

/* ------------------------------------------------------------------ members: sign-in and consent */

type Raw = { req: IncomingMessage; res: ServerResponse };

/**
 * The interaction this browser started (its cookie) under the id of the page's address; any other
 * (another browser's link, an ended one) is unknown: nobody finishes a sign-in started elsewhere.
 */
async function interactionOf(provider: Provider, raw: Raw, uid: string) {
  let interaction;
  try {
    interaction = await provider.interactionDetails(raw.req, raw.res);
  } catch {
    throw notFound('error.oidcInteractionUnknown');
  }
  if (interaction.uid !== uid) throw notFound('error.oidcInteractionUnknown');
  return interaction;
}

/** The scopes asked for that the client may receive; openid always first. */
function grantableScopes(requested: unknown, client: OidcClientRow): string[] {
  const asked = new Set(typeof requested === 'string' ? requested.split(' ') : []);
  return ['openid', ...client.scopes.filter((scope) => asked.has(scope))];
}

async function enabledClientOf(deps: Deps, clientId: unknown): Promise<OidcClientRow> {
  const client =
    typeof clientId === 'string' ? await findClientRow(deps.db, { id: clientId }).catch(() => undefined) : undefined;
  if (!client?.isEnabled) throw forbidden('error.oidcClientDisabled');
  return client;
}

export async function getInteraction(
  deps: Deps,
  provider: Provider,
  actor: Actor,
  raw: Raw,
  uid: string,
): Promise<OidcInteraction> {
  const interaction = await interactionOf(provider, raw, uid);
  const client = await enabledClientOf(deps, interaction.params.client_id);
  const scopes = grantableScopes(interaction.params.scope, client);
  const consent = await findConsent(deps.db, { personId: actor.personId, clientId: client.id });
  const remembered = new Set(consent?.scopes ?? []);
  return {
    clientId: client.id,
    clientName: client.name,
    scopes,
    isConsentRemembered: consent !== undefined && scopes.every((scope) => remembered.has(scope)),
  };
}

/**
 * Accept: she is signed in here (with her second factor, the auth hook checked her account and
 * that she is not archived), so the provider learns who she is and what she agreed to, and the
 * consent is remembered. Deny: the application gets access_denied.
 */
export async function finishInteraction(
  deps: Deps,
  provider: Provider,
  actor: Actor,
  raw: Raw,
  uid: string,
  accept: boolean,
): Promise<OidcRedirect> {
  const interaction = await interactionOf(provider, raw, uid);
  if (!accept) {
    const redirectTo = await provider.interactionResult(
      raw.req,
      raw.res,
      { error: 'access_denied', error_description: 'The member did not agree.' },
      { mergeWithLastSubmission: false },
    );
    return { redirectTo };
  }
  const client = await enabledClientOf(deps, interaction.params.client_id);
  const scopes = grantableScopes(interaction.params.scope, client);
  const grant = new provider.Grant({ accountId: actor.personId, clientId: client.id });
  grant.addOIDCScope(scopes.join(' '));
  const grantId = await grant.save();
  const previous = await findConsent(deps.db, { personId: actor.personId, clientId: client.id });
  await upsertConsent(deps.db, {
    personId: actor.personId,
    clientId: client.id,
    scopes: [...new Set([...(previous?.scopes ?? []), ...scopes])].sort(),
    now: deps.now(),
  });
  const redirectTo = await provider.interactionResult(
    raw.req,
    raw.res,
    { login: { accountId: actor.personId, remember: false }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
  return { redirectTo };
}

/* ------------------------------------------------------------------ members: connected apps */

export async function listConsents(deps: Deps, actor: Actor): Promise<OidcConsentList> {
  const rows = await findConsentsOf(deps.db, { personId: actor.personId });
  return {
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

/** Withdraws her consent: the application's grants and tokens for her end too. */
export async function withdrawConsent(deps: Deps, actor: Actor, clientId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await deletePayloadsOfClient(tx, { clientId, accountId: actor.personId });
    if (!(await deleteConsent(tx, { personId: actor.personId, clientId }))) throw notFound();
  });
}
