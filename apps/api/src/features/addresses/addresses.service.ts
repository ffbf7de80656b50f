import type { Actor } from '@bpw/domain/permissions';
import type { Address, AddressData, AddressList } from '@bpw/domain/schemas/address';
import type { FeatureDeps } from '../../app';
import type { Tx } from '../../db/client';
import { authorizePersonEdit, requireVisiblePersonAccess } from '../../platform/auth/person-guards';
import { badRequest, notFound } from '../../platform/errors';
import { deleteStoredFiles } from '../../platform/stored-files';
import { entryKinds, findEntryIds, syncEntries } from './address-entries.queries';
import {
  deleteAddress,
  fillMissingPrimaries,
  findAddresses,
  insertAddress,
  lockAddress,
  lockPersonForContactWrite,
  updateAddress,
} from './addresses.queries';

export type AddressesDeps = Pick<FeatureDeps, 'db' | 'now'>;

/**
 * Spec 01 §1 and the terms: members may use contact data for personal networking, so every
 * signed-in user reads a person's addresses (docs/decisions.md "Contact entries").
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
  return deps.db.transaction(async (tx) => {
    await lockPersonForContactWrite(tx, { personId });
    const addressId = await insertAddress(tx, { personId, data });
    await writeEntries(tx, { personId, addressId, data, isNewAddress: true });
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
  return deps.db.transaction(async (tx) => {
    await lockPersonForContactWrite(tx, { personId });
    if (!(await lockAddress(tx, { personId, addressId }))) throw notFound();
    await updateAddress(tx, { personId, addressId, data });
    await writeEntries(tx, { personId, addressId, data, isNewAddress: false });
    return (await findAddresses(tx, { personId, addressId }))[0]!;
  });
}

export async function deletePersonAddress(
  deps: AddressesDeps,
  actor: Actor,
  params: { personId: string; addressId: string },
): Promise<void> {
  await authorizePersonEdit(deps, actor, params.personId);
  await deps.db.transaction(async (tx) => {
    await lockPersonForContactWrite(tx, { personId: params.personId });
    const deleted = await deleteAddress(tx, params);
    if (!deleted) throw notFound();
    await deleteStoredFiles(tx, { ids: [deleted.competenceLogoId] });
  });
}

/**
 * Checks that every entry id names an entry of this address (never one of another address or
 * person, never twice), then syncs the three kinds. New items fill empty primaries.
 */
async function writeEntries(
  tx: Tx,
  params: { personId: string; addressId: string; data: AddressData; isNewAddress: boolean },
) {
  const { personId, addressId, data } = params;
  const created: Partial<Record<(typeof entryKinds)[number], string>> = {};
  for (const kind of entryKinds) {
    const ids = data[kind].flatMap((e) => (e.id ? [e.id] : []));
    if (ids.length > 0) {
      const stored = new Set(await findEntryIds(tx, { personId, addressId, kind }));
      if (new Set(ids).size !== ids.length || ids.some((id) => !stored.has(id))) {
        throw badRequest({ key: 'error.addressEntryUnknown', params: { field: `addressForm.${kind}` } });
      }
    }
    const createdIds = await syncEntries(tx, { personId, addressId, kind, entries: data[kind] });
    created[kind] = createdIds[0];
  }
  await fillMissingPrimaries(tx, {
    personId,
    ...(params.isNewAddress ? { address: addressId } : {}),
    ...(created.emails ? { email: created.emails } : {}),
    ...(created.phones ? { phone: created.phones } : {}),
    ...(created.urls ? { url: created.urls } : {}),
  });
}
