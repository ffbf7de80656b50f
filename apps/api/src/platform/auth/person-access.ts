import { EntityState } from '@bpw/domain/enums/entity-state';
import { clubManagerType, eventManagerType } from '@bpw/domain/enums/membership-type';
import type { AccountTarget, PersonScope } from '@bpw/domain/permissions';
import { type Placeholder, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { persons } from '../../db/schema/persons';

/** What the person rules of spec 01 §6 need to know about the person they are about. */
export type PersonAccess = PersonScope &
  AccountTarget & {
    isArchived: boolean;
    /** An erased person's anonymised placeholder (issue 25): nothing writes to it any more. */
    isErased: boolean;
    /** The types of the relations active today. */
    relationTypes: number[];
  };

/**
 * The columns of a person's access facts, to select beside anything else of hers (one round
 * trip for a read that must authorise first): stored roles and the relations active today.
 */
export function personAccessColumns(today: string | Placeholder) {
  return {
    id: persons.id,
    primaryClubId: persons.primaryClubId,
    state: persons.state,
    // Spelt out with table names: drizzle leaves columns unqualified in a select without joins.
    hasStoredRole: sql<boolean>`exists (select 1 from user_accounts ua where ua.person_id = persons.id
      and (ua.is_admin or ua.is_central_committee))`,
    isErased: sql<boolean>`exists (select 1 from person_erasures pe where pe.person_id = persons.id)`,
    activeRelations: sql<Array<{ clubId: string; type: number }>>`(select coalesce(json_agg(json_build_object(
        'clubId', cr.club_id, 'type', cr.type)), '[]'::json)
      from club_relations cr where cr.person_id = persons.id
      and cr.from_date <= ${today} and (cr.to_date is null or cr.to_date >= ${today}))`,
  };
}

type PersonAccessRow = {
  id: string;
  primaryClubId: string | null;
  state: number;
  hasStoredRole: boolean;
  isErased: boolean;
  activeRelations: Array<{ clubId: string; type: number }>;
};

export function toPersonAccess(row: PersonAccessRow): PersonAccess {
  const relations = row.activeRelations;
  return {
    id: row.id,
    primaryClubId: row.primaryClubId,
    clubIds: [...new Set(relations.map((r) => r.clubId))],
    relationTypes: relations.map((r) => r.type),
    isArchived: row.state === EntityState.Archived,
    isErased: row.isErased,
    hasStoredRole: row.hasStoredRole,
    roleClubIds: [
      ...new Set(
        relations.filter((r) => r.type === clubManagerType || r.type === eventManagerType).map((r) => r.clubId),
      ),
    ],
  };
}

/**
 * Loads a person's scope for the permission predicates, with the facts of the credential rule
 * (stored roles, clubs of rights-giving relations), in one statement; undefined when she does not exist.
 */
export async function findPersonAccess(
  db: DbOrTx,
  params: { personId: string; today: string },
): Promise<PersonAccess | undefined> {
  const [row] = await db.select(personAccessColumns(params.today)).from(persons).where(eq(persons.id, params.personId));
  return row ? toPersonAccess(row) : undefined;
}
