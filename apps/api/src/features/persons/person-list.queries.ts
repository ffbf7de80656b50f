import type { PersonListItem } from '@bpw/domain/schemas/person';
import { type SQL, and, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addressEmails, addressPhones } from '../../db/schema/addresses';
import { clubs } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';
import { anchorFor } from './person-list-anchors';
import { type PersonSort, sortPlan, withSortJoins } from './person-list-sort';

/**
 * GET person: one statement for the page, whatever PerPage is (the total is
 * person-list-total.ts). The primary club, e-mail and phone are read by the person's primary ids
 * (person-list-sort.ts says when they are joined instead). Pages from the 10,000th row on start at an anchor
 * (person-list-anchors.ts) instead of reading all rows before them.
 */
export async function findPersonPage(
  db: DbOrTx,
  params: { where: SQL | undefined; whereKey: string; sort: PersonSort; page: number; perPage: number },
): Promise<PersonListItem[]> {
  const plan = sortPlan(params.sort);
  let where = params.where;
  let offset = params.page * params.perPage;
  if (params.perPage > 0 && plan.keys) {
    const anchor = await anchorFor(db, {
      key: `${params.whereKey}\u0000${JSON.stringify(params.sort)}`,
      where,
      plan: { ...plan, keys: plan.keys },
      offset,
    });
    if (anchor) {
      where = and(where, anchor.after);
      offset = anchor.skip;
    }
  }
  const select = db
    .select({
      id: persons.id,
      firstname: persons.firstname,
      lastname: persons.lastname,
      avatarId: persons.avatarId,
      state: persons.state,
      languageCode: persons.languageCode,
      clubId: persons.primaryClubId,
      clubName: sql<string | null>`(select ${clubs.name} from ${clubs} where ${clubs.id} = ${persons.primaryClubId})`,
      email: sql<
        string | null
      >`(select ${addressEmails.value} from ${addressEmails} where ${addressEmails.id} = ${persons.primaryEmailId})`,
      phone: sql<
        string | null
      >`(select ${addressPhones.value} from ${addressPhones} where ${addressPhones.id} = ${persons.primaryPhoneId})`,
    })
    .from(persons)
    .$dynamic();
  const query = withSortJoins(select, plan)
    .where(where)
    .orderBy(...plan.orderBy);
  // PerPage 0 means all (DESIGN "API contract").
  const rows = params.perPage > 0 ? await query.limit(params.perPage).offset(offset) : await query;
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
