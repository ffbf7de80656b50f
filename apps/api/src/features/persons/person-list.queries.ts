import type { PersonListItem, PersonSortKey } from '@bpw/domain/schemas/person';
import { type SQL, asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { addressEmails, addressPhones } from '../../db/schema/addresses';
import { clubs } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';

/**
 * GET person: one statement for the page and one for the total, whatever PerPage is. The
 * primary club, e-mail and phone are left joins on the person's primary ids (one row each).
 */
const primaryClub = alias(clubs, 'primary_club');
const primaryEmail = alias(addressEmails, 'primary_email');
const primaryPhone = alias(addressPhones, 'primary_phone');

const sortColumns = {
  firstname: persons.firstname,
  lastname: persons.lastname,
  primaryClub: primaryClub.name,
  primaryEmail: primaryEmail.value,
  primaryPhone: primaryPhone.value,
  state: persons.state,
} as const satisfies Record<PersonSortKey, unknown>;

export type PersonSort = { key: PersonSortKey; isDescending: boolean }[];

/** The ORDER BY: the chosen keys (empty values last), then id so that pages never overlap. */
function orderBy(sort: PersonSort): SQL[] {
  const keys =
    sort.length > 0
      ? sort
      : [
          { key: 'firstname', isDescending: false },
          { key: 'lastname', isDescending: false },
        ];
  const seen = new Set<string>();
  const order: SQL[] = [];
  for (const { key, isDescending } of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    const column = sortColumns[key as PersonSortKey];
    order.push(isDescending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`);
  }
  order.push(asc(persons.id));
  return order;
}

export async function findPersonPage(
  db: DbOrTx,
  params: { where: SQL | undefined; sort: PersonSort; page: number; perPage: number },
): Promise<PersonListItem[]> {
  const query = db
    .select({
      id: persons.id,
      firstname: persons.firstname,
      lastname: persons.lastname,
      avatarId: persons.avatarId,
      state: persons.state,
      languageCode: persons.languageCode,
      clubId: primaryClub.id,
      clubName: primaryClub.name,
      email: primaryEmail.value,
      phone: primaryPhone.value,
    })
    .from(persons)
    .leftJoin(primaryClub, eq(primaryClub.id, persons.primaryClubId))
    .leftJoin(primaryEmail, eq(primaryEmail.id, persons.primaryEmailId))
    .leftJoin(primaryPhone, eq(primaryPhone.id, persons.primaryPhoneId))
    .where(params.where)
    .orderBy(...orderBy(params.sort))
    .$dynamic();
  // PerPage 0 means all (DESIGN "API contract").
  const rows =
    params.perPage > 0 ? await query.limit(params.perPage).offset(params.page * params.perPage) : await query;
  return rows.map((r) => ({
    id: r.id,
    firstname: r.firstname,
    lastname: r.lastname,
    avatarId: r.avatarId,
    primaryClub: r.clubId !== null && r.clubName !== null ? { id: r.clubId, name: r.clubName } : null,
    primaryEmail: r.email !== null ? { value: r.email } : null,
    primaryPhone: r.phone !== null ? { value: r.phone } : null,
    state: r.state,
    languageCode: r.languageCode,
  }));
}

export async function countPersons(db: DbOrTx, params: { where: SQL | undefined }): Promise<number> {
  const [row] = await db.select({ total: count() }).from(persons).where(params.where);
  return row?.total ?? 0;
}
