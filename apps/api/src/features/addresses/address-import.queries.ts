import type { Address, AddressData } from '@bpw/domain/schemas/address';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addresses } from '../../db/schema/addresses';
import { chunksOf } from '../../db/chunks';
import { type EntryInput, type EntryKind, entryColumns, insertEntries, tableOf } from './address-entries.queries';
import { addressColumns } from './addresses.queries';

/**
 * A person's addresses with their e-mails, phones and URLs as JSON in the shape of `Address`
 * (findAddresses' order), to read beside her other data in one statement (issue 16's import).
 * `personId` is the SQL of her id in the outer statement.
 */
export function addressesJsonOf(personId: SQL): SQL<Address[]> {
  const entries = (table: string, extra: string) =>
    sql.raw(`(select coalesce(json_agg(json_build_object('id', e.id, 'label', e.label, 'value', e.value${extra})
      order by e.value), '[]'::json) from ${table} e where e.address_id = a.id and e.person_id = a.person_id)`);
  return sql<Address[]>`(select coalesce(json_agg(json_build_object(
      'id', a.id, 'personId', a.person_id, 'addressType', a.address_type, 'label', a.label,
      'salutation', a.salutation, 'title', a.title, 'firstname', a.firstname, 'lastname', a.lastname,
      'company', a.company, 'companySector', a.company_sector, 'companyRole', a.company_role,
      'mainCompetence', a.main_competence, 'competences', a.competences,
      'competenceLogoId', a.competence_logo_id, 'address1', a.address1, 'address2', a.address2,
      'street', a.street, 'city', a.city, 'zip', a.zip, 'county', a.county, 'state', a.state,
      'countryCode', a.country_code,
      'emails', ${entries('address_emails', '')},
      'phones', ${entries('address_phones', ", 'phoneType', e.phone_type")},
      'urls', ${entries('address_urls', ", 'urlType', e.url_type")}
    ) order by a.label, a.id), '[]'::json) from addresses a where a.person_id = ${personId})`;
}

/** New entries of one kind only (the import never changes or deletes stored ones); their ids in order. */
export async function insertNewEntries(
  tx: DbOrTx,
  params: { personId: string; addressId: string; kind: EntryKind; entries: AddressData[EntryKind] },
): Promise<string[]> {
  return insertEntries(tx, params);
}

/** New addresses of an import batch (ids chosen by the import), in one insert. */
export async function insertImportedAddressRows(
  tx: DbOrTx,
  rows: readonly { id: string; personId: string; data: AddressData }[],
) {
  for (const chunk of chunksOf(rows))
    await tx
      .insert(addresses)
      .values(chunk.map((r) => ({ id: r.id, personId: r.personId, ...addressColumns(r.data) })));
}

/** New entries of one kind of an import batch, in one insert. */
export async function insertImportedEntryRows(
  tx: DbOrTx,
  kind: EntryKind,
  rows: readonly { id: string; personId: string; addressId: string; entry: EntryInput }[],
) {
  const t = tableOf(kind);
  for (const chunk of chunksOf(rows))
    await tx
      .insert(t)
      .values(
        chunk.map(
          (r) => ({ ...entryColumns(kind, r.entry), id: r.id, addressId: r.addressId, personId: r.personId }) as never,
        ),
      );
}

/** The references of addresses and entries to their person (deferrable, migration 0040). */
const entriesPersonsConstraints = sql.raw(
  ['addresses', 'address_emails', 'address_phones', 'address_urls']
    .map((t) => `${t}_person_id_persons_id_fk`)
    .join(', '),
);
/** The renewal of a person's search text after her addresses and e-mails changed (migration 0006). */
const searchTextTriggers = sql.raw('addresses_search_text, address_emails_search_text');

/**
 * Lets the import write new persons' addresses and entries before them in this (sub)transaction.
 * Their search-text renewal then runs at the end of each insert, before the persons exist, and does
 * nothing: the persons' insert computes their search text from these entries. Deferred to the
 * commit, it would read each of them again (three times a person).
 */
export async function beginEntriesBeforePersons(tx: DbOrTx) {
  await tx.execute(sql`set constraints ${entriesPersonsConstraints} deferred`);
  await tx.execute(sql`set constraints ${searchTextTriggers} immediate`);
}

/** Checks the references deferred above now (a missing person fails here, not at the commit). */
export async function endEntriesBeforePersons(tx: DbOrTx) {
  await tx.execute(sql`set constraints ${entriesPersonsConstraints} immediate`);
  await tx.execute(sql`set constraints ${searchTextTriggers} deferred`);
}
