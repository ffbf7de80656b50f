import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { persons } from '../../db/schema/persons';
import { personAccessColumns } from '../../platform/auth/person-access';

/** Her access facts (the ones every read of her data is decided by), her setting and her clubs' names. */
export async function findVisibilityFacts(db: DbOrTx, params: { personId: string; today: string }) {
  const [row] = await db
    .select({
      access: personAccessColumns(params.today),
      isProfilePublic: persons.isProfilePublic,
      clubs: sql<
        Array<{ id: string; name: string }>
      >`(select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name)), '[]'::json)
        from clubs c where c.id = persons.primary_club_id or c.id in (select cr.club_id from club_relations cr
        where cr.person_id = persons.id and cr.from_date <= ${params.today}
        and (cr.to_date is null or cr.to_date >= ${params.today})))`,
    })
    .from(persons)
    .where(eq(persons.id, params.personId));
  return row;
}
