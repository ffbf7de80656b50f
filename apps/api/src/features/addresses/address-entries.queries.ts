import type { AddressData } from '@bpw/domain/schemas/address';
import { type SQL, and, eq, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addressEmails, addressPhones, addressUrls } from '../../db/schema/addresses';

/** The three kinds of contact entry (spec 01 §3): same columns, plus a phone or URL type. */
export const entryKinds = ['emails', 'phones', 'urls'] as const;
export type EntryKind = (typeof entryKinds)[number];

const tables = { emails: addressEmails, phones: addressPhones, urls: addressUrls } as const;
// The tables differ only in their type column; Drizzle types each separately, so one shape serves all.
type EntryTable = typeof addressEmails;
export const tableOf = (kind: EntryKind) => tables[kind] as unknown as EntryTable;

export type EntryInput = AddressData[EntryKind][number];
/** The stored columns of an entry besides its ids. */
export function entryColumns(kind: EntryKind, entry: EntryInput) {
  const base = { label: entry.label ?? null, value: entry.value };
  if (kind === 'phones' && 'phoneType' in entry) return { ...base, phoneType: entry.phoneType };
  if (kind === 'urls' && 'urlType' in entry) return { ...base, urlType: entry.urlType };
  return base;
}

/** The ids of an address's entries of one kind. */
export async function findEntryIds(tx: DbOrTx, params: { personId: string; addressId: string; kind: EntryKind }) {
  const t = tableOf(params.kind);
  const rows = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.addressId, params.addressId), eq(t.personId, params.personId)));
  return rows.map((r) => r.id);
}

/** What a sync did, by entry id (for the audit trail). */
export type SyncedEntries = { created: string[]; updated: string[]; deleted: string[] };

/**
 * Makes the address's entries of one kind equal to `entries`: an entry with an id is updated,
 * one without is created, and stored ones that are not named are deleted. The caller has checked
 * that every id belongs to this address. Answers the ids of the created entries (in order), of
 * the entries whose columns really changed, and of the deleted ones.
 */
export async function syncEntries(
  tx: DbOrTx,
  params: { personId: string; addressId: string; kind: EntryKind; entries: readonly EntryInput[] },
): Promise<SyncedEntries> {
  const { personId, addressId, kind, entries } = params;
  const t = tableOf(kind);
  const scope = and(eq(t.addressId, addressId), eq(t.personId, personId));
  const keptIds = entries.flatMap((e) => (e.id ? [e.id] : []));
  const deleted = await tx
    .delete(t)
    .where(keptIds.length ? and(scope, notInArray(t.id, keptIds)) : scope)
    .returning({ id: t.id });
  const updated: string[] = [];
  for (const entry of entries) {
    if (!entry.id) continue;
    const columns = entryColumns(kind, entry);
    // Only a row whose columns differ is written, so an unchanged entry leaves no audit entry.
    const isChanged = or(
      ...Object.entries(columns).map(
        ([key, value]): SQL =>
          sql`${(t as unknown as Record<string, EntryTable['value']>)[key]} is distinct from ${value}`,
      ),
    );
    const rows = await tx
      .update(t)
      .set(columns as never)
      .where(and(scope, eq(t.id, entry.id), isChanged))
      .returning({ id: t.id });
    updated.push(...rows.map((r) => r.id));
  }
  const created = await insertEntries(tx, { personId, addressId, kind, entries: entries.filter((e) => !e.id) });
  return { created, updated, deleted: deleted.map((r) => r.id) };
}

/** Inserts new entries of one kind in one statement; answers their ids in order. */
export async function insertEntries(
  tx: DbOrTx,
  params: { personId: string; addressId: string; kind: EntryKind; entries: readonly EntryInput[] },
): Promise<string[]> {
  const { personId, addressId, kind, entries } = params;
  if (entries.length === 0) return [];
  const t = tableOf(kind);
  const rows = await tx
    .insert(t)
    .values(entries.map((e) => ({ ...entryColumns(kind, e), addressId, personId }) as never))
    .returning({ id: t.id });
  return rows.map((r) => r.id);
}

/** Whether the id is an entry of this kind of the person (any of her addresses). */
export async function isEntryOfPerson(tx: DbOrTx, params: { personId: string; kind: EntryKind; id: string }) {
  const t = tableOf(params.kind);
  const [row] = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, params.id), eq(t.personId, params.personId)));
  return row !== undefined;
}
