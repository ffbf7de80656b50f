import type { Actor } from '@bpw/domain/permissions';
import type { Address, AddressData } from '@bpw/domain/schemas/address';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { AuditEntryParams } from '../../platform/audit';
import { type EntryKind, entryKinds } from './address-entries.queries';

export { type EntryKind, entryKinds };
import {
  addressesJsonOf,
  beginEntriesBeforePersons,
  endEntriesBeforePersons,
  insertImportedAddressRows,
  insertImportedEntryRows,
  insertNewEntries,
} from './address-import.queries';
import { auditOf, entryEntity } from './addresses.service';
import { changedAddressFields, fillMissingPrimaries, insertAddress, updateAddress } from './addresses.queries';

/**
 * The address side of a spreadsheet import (issue 16) and of an accepted application: the same statements, primary rules and
 * audit entries as POST and PUT person/{id}/address, inside the row's savepoint. The import
 * feature has read the person's addresses once (`importAddressesJsonOf`), compared in memory and
 * authorised the change; it writes the audit entries of its rows together.
 */
export const importAddressesJsonOf = (personId: SQL) => addressesJsonOf(personId);

/** What a saved address gave: its id, the ids of its new entries, and its audit entries. */
export type SavedImportAddress = {
  addressId: string;
  created: Partial<Record<(typeof entryKinds)[number], string[]>>;
  audit: AuditEntryParams[];
};

/**
 * One address of an import row. Creates the address (`stored` null) or updates its columns where they changed, and adds the
 * entries without an id (stored entries are kept as they are: an import never removes one).
 */
export async function saveImportedAddress(
  tx: Tx,
  params: { actor: Actor; personId: string; stored: Address | null; data: AddressData; now: Date },
): Promise<SavedImportAddress> {
  const { actor, personId, data, now, stored } = params;
  const context = { actor, personId, now };
  const audit: AuditEntryParams[] = [];
  let addressId: string;
  if (stored === null) {
    addressId = await insertAddress(tx, { personId, data });
    audit.push(auditOf(context, { action: 'created', entity: 'address', entityId: addressId }));
  } else {
    addressId = stored.id;
    const fields = changedAddressFields(stored, data);
    if (fields.length > 0) {
      await updateAddress(tx, { personId, addressId, data });
      audit.push(auditOf(context, { action: 'updated', entity: 'address', entityId: addressId, details: { fields } }));
    }
  }
  const created: SavedImportAddress['created'] = {};
  for (const kind of entryKinds) {
    const ids = await insertNewEntries(tx, { personId, addressId, kind, entries: data[kind].filter((e) => !e.id) });
    created[kind] = ids;
    for (const entityId of ids)
      audit.push(auditOf(context, { action: 'created', entity: entryEntity[kind], entityId, details: { addressId } }));
  }
  return { addressId, created, audit };
}

/** New items become primary where the person has none of their kind yet (as the forms do). */
export const fillImportedPrimaries = fillMissingPrimaries;

/**
 * The new persons of an import batch (docs/decisions/import.md "Figures"): their addresses and each
 * kind of entry in one statement each, written before the persons (who are inserted with their
 * primaries); ids chosen by the import, audit entries as `saveImportedAddress` gives them
 * (`importedAddressAudit`).
 */
export const insertImportedAddresses = insertImportedAddressRows;
export const insertImportedEntries = insertImportedEntryRows;
export { beginEntriesBeforePersons, endEntriesBeforePersons };

/** The audit entries of a new address and its entries, as `saveImportedAddress` writes them. */
export function importedAddressAudit(
  context: { actor: Actor; personId: string; now: Date },
  addressId: string,
  created: SavedImportAddress['created'],
): AuditEntryParams[] {
  return [
    auditOf(context, { action: 'created', entity: 'address', entityId: addressId }),
    ...entryKinds.flatMap((kind) =>
      (created[kind] ?? []).map((entityId) =>
        auditOf(context, { action: 'created', entity: entryEntity[kind], entityId, details: { addressId } }),
      ),
    ),
  ];
}
