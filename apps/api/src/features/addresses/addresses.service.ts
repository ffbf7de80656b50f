import type { Actor } from '@bpw/domain/permissions';
import type { Address, AddressData, AddressList } from '@bpw/domain/schemas/address';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { Tx } from '../../db/client';
import { type AuditEntryParams, writeAuditEntries, writeAuditEntry } from '../../platform/audit';
import { authorizePersonEdit, requireVisiblePersonAccess } from '../../platform/auth/person-guards';
import { badRequest, notFound } from '../../platform/errors';
import { deleteStoredFiles } from '../../platform/stored-files';
import { type EntryKind, entryKinds, findEntryIds, syncEntries } from './address-entries.queries';
import {
  changedAddressFields,
  deleteAddress,
  fillMissingPrimaries,
  findAddresses,
  insertAddress,
  lockAddress,
  lockPersonForContactWrite,
  updateAddress,
} from './addresses.queries';

export type AddressesDeps = Pick<FeatureDeps, 'db' | 'now'>;

/** The audit entity of each kind of contact entry. */
export const entryEntity = {
  emails: 'addressEmail',
  phones: 'addressPhone',
  urls: 'addressUrl',
} as const satisfies Record<EntryKind, string>;

/** Who changed which address of whom; details hold ids and field names only, never the values. */
export type AuditContext = { actor: Actor; personId: string; now: Date };
export const auditOf = (
  context: AuditContext,
  entry: Pick<AuditEntryParams, 'action' | 'entity' | 'entityId' | 'details'>,
): AuditEntryParams => ({
  actorPersonId: context.actor.personId,
  subjectPersonId: context.personId,
  at: context.now,
  ...entry,
});

/**
 * Spec 01 §1 and the terms: members may use contact data for personal networking, so every
 * signed-in user reads a person's addresses (docs/decisions/contact-entries.md).
 */
export async function findPersonAddresses(deps: AddressesDeps, actor: Actor, personId: string): Promise<AddressList> {
  await requireVisiblePersonAccess(deps, actor, personId);
  const items = await findAddresses(deps.db, { personId });
  return { items, total: items.length };
}

export async function createPersonAddress(
  deps: AddressesDeps,
  actor: Actor,
  personId: string,
  data: AddressData,
): Promise<Address> {
  await authorizePersonEdit(deps, actor, personId);
  const audit = { actor, personId, now: deps.now() };
  return deps.db.transaction(async (tx) => {
    await lockPersonForContactWrite(tx, { personId });
    const addressId = await insertAddress(tx, { personId, data });
    await writeEntries(tx, { personId, addressId, data, isNewAddress: true, audit });
    return (await findAddresses(tx, { personId, addressId }))[0]!;
  });
}

/** PUT: the address and all its entries in one transaction. */
export async function updatePersonAddress(
  deps: AddressesDeps,
  actor: Actor,
  params: { personId: string; addressId: string; data: AddressData },
): Promise<Address> {
  await authorizePersonEdit(deps, actor, params.personId);
  const { personId, addressId, data } = params;
  const audit = { actor, personId, now: deps.now() };
  return deps.db.transaction(async (tx) => {
    await lockPersonForContactWrite(tx, { personId });
    const stored = await lockAddress(tx, { personId, addressId });
    if (!stored) throw notFound();
    const fields = changedAddressFields(stored, data);
    await updateAddress(tx, { personId, addressId, data });
    await writeEntries(tx, {
      personId,
      addressId,
      data,
      isNewAddress: false,
      audit,
      // The address's own columns; its entries get entries of their own.
      addressFields: fields,
    });
    return (await findAddresses(tx, { personId, addressId }))[0]!;
  });
}

export async function deletePersonAddress(
  deps: AddressesDeps,
  actor: Actor,
  params: { personId: string; addressId: string },
): Promise<void> {
  await authorizePersonEdit(deps, actor, params.personId);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await lockPersonForContactWrite(tx, { personId: params.personId });
    const deleted = await deleteAddress(tx, params);
    if (!deleted) throw notFound();
    await deleteStoredFiles(tx, { ids: [deleted.competenceLogoId] });
    // Its e-mails, phones and URLs go with it (cascade): the one entry stands for them.
    await writeAuditEntry(
      tx,
      auditOf(
        { actor, personId: params.personId, now },
        { action: 'deleted', entity: 'address', entityId: params.addressId },
      ),
    );
  });
}

/**
 * Checks that every entry id names an entry of this address (never one of another address or
 * person, never twice), then syncs the three kinds. New items fill empty primaries. Writes the
 * audit entries of the address (created, or updated when its own columns changed) and of each
 * entry created, changed or deleted, in one statement.
 */
export async function writeEntries(
  tx: Tx,
  params: {
    personId: string;
    addressId: string;
    data: AddressData;
    isNewAddress: boolean;
    audit: AuditContext;
    addressFields?: string[];
  },
) {
  const { personId, addressId, data } = params;
  const created: Partial<Record<(typeof entryKinds)[number], string>> = {};
  const entries: AuditEntryParams[] = [];
  if (params.isNewAddress) {
    entries.push(auditOf(params.audit, { action: 'created', entity: 'address', entityId: addressId }));
  } else if (params.addressFields && params.addressFields.length > 0) {
    entries.push(
      auditOf(params.audit, {
        action: 'updated',
        entity: 'address',
        entityId: addressId,
        details: { fields: params.addressFields },
      }),
    );
  }
  for (const kind of entryKinds) {
    const ids = data[kind].flatMap((e) => (e.id ? [e.id] : []));
    if (ids.length > 0) {
      const stored = new Set(await findEntryIds(tx, { personId, addressId, kind }));
      if (new Set(ids).size !== ids.length || ids.some((id) => !stored.has(id))) {
        throw badRequest({ key: 'error.addressEntryUnknown', params: { field: `addressForm.${kind}` } });
      }
    }
    const synced = await syncEntries(tx, { personId, addressId, kind, entries: data[kind] });
    created[kind] = synced.created[0];
    for (const action of ['created', 'updated', 'deleted'] as const) {
      for (const entityId of synced[action]) {
        entries.push(auditOf(params.audit, { action, entity: entryEntity[kind], entityId, details: { addressId } }));
      }
    }
  }
  await fillMissingPrimaries(tx, {
    personId,
    ...(params.isNewAddress ? { address: addressId } : {}),
    ...(created.emails ? { email: created.emails } : {}),
    ...(created.phones ? { phone: created.phones } : {}),
    ...(created.urls ? { url: created.urls } : {}),
  });
  await writeAuditEntries(tx, entries);
}
