import { EntityState } from '@bpw/domain/enums/entity-state';
import type { PersonScope } from '@bpw/domain/permissions';
import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubRelations } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';

/** What the person rules of spec 01 §6 need to know about the person they are about. */
export type PersonAccess = PersonScope & {
  isArchived: boolean;
  /** The types of the relations active today. */
  relationTypes: number[];
};

/** Loads a person's scope for the permission predicates; undefined when she does not exist. */
export async function findPersonAccess(
  db: DbOrTx,
  params: { personId: string; today: string },
): Promise<PersonAccess | undefined> {
  const { personId, today } = params;
  const [person] = await db
    .select({ id: persons.id, primaryClubId: persons.primaryClubId, state: persons.state })
    .from(persons)
    .where(eq(persons.id, personId));
  if (!person) return undefined;
  const relations = await db
    .select({ clubId: clubRelations.clubId, type: clubRelations.type })
    .from(clubRelations)
    .where(
      and(
        eq(clubRelations.personId, personId),
        lte(clubRelations.from, today),
        or(isNull(clubRelations.to), gte(clubRelations.to, today)),
      ),
    );
  return {
    id: person.id,
    primaryClubId: person.primaryClubId,
    clubIds: [...new Set(relations.map((r) => r.clubId))],
    relationTypes: relations.map((r) => r.type),
    isArchived: person.state === EntityState.Archived,
  };
}
