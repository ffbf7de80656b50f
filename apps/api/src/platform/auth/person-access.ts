import { EntityState } from '@bpw/domain/enums/entity-state';
import { clubManagerType, eventManagerType } from '@bpw/domain/enums/membership-type';
import type { AccountTarget, PersonScope } from '@bpw/domain/permissions';
import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userAccounts } from '../../db/schema/accounts';
import { clubRelations } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';

/** What the person rules of spec 01 §6 need to know about the person they are about. */
export type PersonAccess = PersonScope &
  AccountTarget & {
    isArchived: boolean;
    /** The types of the relations active today. */
    relationTypes: number[];
  };

/**
 * Loads a person's scope for the permission predicates, with the facts of the credential rule
 * (stored roles, clubs of rights-giving relations), in two statements; undefined when she does not exist.
 */
export async function findPersonAccess(
  db: DbOrTx,
  params: { personId: string; today: string },
): Promise<PersonAccess | undefined> {
  const { personId, today } = params;
  const [person] = await db
    .select({
      id: persons.id,
      primaryClubId: persons.primaryClubId,
      state: persons.state,
      isAdmin: userAccounts.isAdmin,
      isCentralCommittee: userAccounts.isCentralCommittee,
    })
    .from(persons)
    .leftJoin(userAccounts, eq(userAccounts.personId, persons.id))
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
    hasStoredRole: person.isAdmin === true || person.isCentralCommittee === true,
    roleClubIds: [
      ...new Set(
        relations.filter((r) => r.type === clubManagerType || r.type === eventManagerType).map((r) => r.clubId),
      ),
    ],
  };
}
