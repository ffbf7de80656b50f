import type { Address, AddressData } from '@bpw/domain/schemas/address';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addressEmails, addressPhones, addresses, addressUrls } from '../../db/schema/addresses';
import { persons } from '../../db/schema/persons';

/** Every query carries the person in its WHERE (STYLE habit 4): an address id alone reaches nothing. */

type AddressRow = typeof addresses.$inferSelect;

/** The address columns a payload sets; optional texts arrive as undefined or null and are stored as null. */
export function addressColumns(data: AddressData) {
  return {
    addressType: data.addressType,
    label: data.label,
    salutation: data.salutation ?? null,
    title: data.title ?? null,
    firstname: data.firstname ?? null,
    lastname: data.lastname ?? null,
    company: data.company ?? null,
    companySector: data.companySector ?? null,
    companyRole: data.companyRole ?? null,
    mainCompetence: data.mainCompetence ?? null,
    competences: data.competences,
    address1: data.address1 ?? null,
    address2: data.address2 ?? null,
    street: data.street ?? null,
    city: data.city ?? null,
    zip: data.zip ?? null,
    county: data.county ?? null,
    state: data.state ?? null,
    countryCode: data.countryCode,
  };
}

/** The person's addresses with their entries; one address when `addressId` is given. */
export async function findAddresses(db: DbOrTx, params: { personId: string; addressId?: string }): Promise<Address[]> {
  const { personId, addressId } = params;
  const rows = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.personId, personId), addressId ? eq(addresses.id, addressId) : undefined))
    .orderBy(asc(addresses.label), asc(addresses.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const entryScope = <T extends typeof addressEmails | typeof addressPhones | typeof addressUrls>(t: T) =>
    and(eq(t.personId, personId), inArray(t.addressId, ids));
  // One after another: inside a transaction they share one connection.
  const emails = await db
    .select()
    .from(addressEmails)
    .where(entryScope(addressEmails))
    .orderBy(asc(addressEmails.value));
  const phones = await db
    .select()
    .from(addressPhones)
    .where(entryScope(addressPhones))
    .orderBy(asc(addressPhones.value));
  const urls = await db.select().from(addressUrls).where(entryScope(addressUrls)).orderBy(asc(addressUrls.value));
  const of = <E extends { addressId: string }>(list: E[], id: string) => list.filter((e) => e.addressId === id);
  return rows.map((row) => ({
    ...toAddress(row),
    emails: of(emails, row.id).map(({ id, label, value }) => ({ id, label, value })),
    phones: of(phones, row.id).map(({ id, label, value, phoneType }) => ({ id, label, value, phoneType })),
    urls: of(urls, row.id).map(({ id, label, value, urlType }) => ({ id, label, value, urlType })),
  }));
}

function toAddress(row: AddressRow): Omit<Address, 'emails' | 'phones' | 'urls'> {
  return {
    id: row.id,
    personId: row.personId,
    addressType: row.addressType,
    label: row.label,
    salutation: row.salutation,
    title: row.title,
    firstname: row.firstname,
    lastname: row.lastname,
    company: row.company,
    companySector: row.companySector,
    companyRole: row.companyRole,
    mainCompetence: row.mainCompetence,
    competences: row.competences,
    competenceLogoId: row.competenceLogoId,
    address1: row.address1,
    address2: row.address2,
    street: row.street,
    city: row.city,
    zip: row.zip,
    county: row.county,
    state: row.state,
    countryCode: row.countryCode,
  };
}

/**
 * Locks the person's row before her contact rows are written. Inserting an entry takes a key-share
 * lock on her row (its foreign key), and filling or clearing a primary item updates her row's
 * unique (key) columns: two such writes at once for one person would each wait for the other's
 * key-share lock, a deadlock on PostgreSQL. Taking the update lock first makes them queue.
 */
export async function lockPersonForContactWrite(tx: DbOrTx, params: { personId: string }) {
  await tx.select({ id: persons.id }).from(persons).where(eq(persons.id, params.personId)).for('update');
}

/** Locks the address row for a change and answers it; undefined when it is not this person's. */
export async function lockAddress(tx: DbOrTx, params: { personId: string; addressId: string }) {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, params.addressId), eq(addresses.personId, params.personId)))
    .for('update');
  return row;
}

export async function insertAddress(tx: DbOrTx, params: { personId: string; data: AddressData }) {
  const [row] = await tx
    .insert(addresses)
    .values({ personId: params.personId, ...addressColumns(params.data) })
    .returning({ id: addresses.id });
  return row!.id;
}

export async function updateAddress(tx: DbOrTx, params: { personId: string; addressId: string; data: AddressData }) {
  await tx
    .update(addresses)
    .set(addressColumns(params.data))
    .where(and(eq(addresses.id, params.addressId), eq(addresses.personId, params.personId)));
}

/** The names of the address columns a payload would change (field names only, for the audit trail). */
export function changedAddressFields(
  row: Pick<AddressRow, keyof ReturnType<typeof addressColumns>>,
  data: AddressData,
): string[] {
  const columns = addressColumns(data);
  return (Object.keys(columns) as (keyof typeof columns)[]).filter(
    (key) => JSON.stringify(row[key]) !== JSON.stringify(columns[key]),
  );
}

/** Deletes the address (its entries cascade, primaries pointing at them are set null). */
export async function deleteAddress(tx: DbOrTx, params: { personId: string; addressId: string }) {
  const [row] = await tx
    .delete(addresses)
    .where(and(eq(addresses.id, params.addressId), eq(addresses.personId, params.personId)))
    .returning({ competenceLogoId: addresses.competenceLogoId });
  return row;
}

/**
 * New items become primary where the person has none of their kind yet (docs/decisions/contact-entries.md).
 * Her search text is set in the same write (migration 0039): the new e-mails' and companies' deferred
 * triggers then find it current at commit and do not write her row again.
 */
export async function fillMissingPrimaries(
  tx: DbOrTx,
  params: { personId: string; address?: string; email?: string; phone?: string; url?: string },
) {
  const values = {
    ...(params.address
      ? { primaryAddressId: sql`coalesce(${persons.primaryAddressId}, ${params.address}::uuid)` }
      : {}),
    ...(params.email ? { primaryEmailId: sql`coalesce(${persons.primaryEmailId}, ${params.email}::uuid)` } : {}),
    ...(params.phone ? { primaryPhoneId: sql`coalesce(${persons.primaryPhoneId}, ${params.phone}::uuid)` } : {}),
    ...(params.url ? { primaryUrlId: sql`coalesce(${persons.primaryUrlId}, ${params.url}::uuid)` } : {}),
  };
  if (Object.keys(values).length === 0) return;
  await tx
    .update(persons)
    .set({
      ...values,
      searchText: sql`person_search_text(${persons.id}, ${persons.firstname}, ${persons.lastname})`,
    })
    .where(eq(persons.id, params.personId));
}
