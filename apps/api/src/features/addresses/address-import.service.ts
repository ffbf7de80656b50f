import type { Actor } from '@bpw/domain/permissions';
import type { Address, AddressData } from '@bpw/domain/schemas/address';
import type { Tx } from '../../db/client';
import { writeEntries } from './addresses.service';
import { changedAddressFields, findAddresses, insertAddress, lockAddress, updateAddress } from './addresses.queries';

/**
 * The address side of a spreadsheet import (issue 16): the same statements, entry sync, primary
 * rules and audit entries as POST and PUT person/{id}/address, inside the row's transaction.
 * The import feature has authorised the change.
 */
export async function findAddressesForImport(tx: Tx, params: { personId: string }): Promise<Address[]> {
  return findAddresses(tx, params);
}

/** Creates the address, or updates it (`addressId`); entries with an id are kept, new ones added. */
export async function saveImportedAddress(
  tx: Tx,
  params: { actor: Actor; personId: string; addressId: string | null; data: AddressData; now: Date },
): Promise<void> {
  const { actor, personId, data, now } = params;
  const audit = { actor, personId, now };
  if (params.addressId === null) {
    const addressId = await insertAddress(tx, { personId, data });
    await writeEntries(tx, { personId, addressId, data, isNewAddress: true, audit });
    return;
  }
  const stored = await lockAddress(tx, { personId, addressId: params.addressId });
  if (!stored) throw new Error('address vanished during the import of its row');
  const addressFields = changedAddressFields(stored, data);
  await updateAddress(tx, { personId, addressId: params.addressId, data });
  await writeEntries(tx, { personId, addressId: params.addressId, data, isNewAddress: false, audit, addressFields });
}
