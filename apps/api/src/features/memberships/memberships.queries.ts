import type { PersonClubRelation } from '@bpw/domain/schemas/membership';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubRelations, clubs } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';
import { chunksOf } from '../../db/chunks';

const relationColumns = {
  id: clubRelations.id,
  personId: clubRelations.personId,
  clubId: clubRelations.clubId,
  type: clubRelations.type,
  membershipTypeLabel: clubRelations.membershipTypeLabel,
  from: clubRelations.from,
  to: clubRelations.to,
};

/** GET person/{id}/club: newest `from` first. */
export async function findRelationsOfPerson(
  db: DbOrTx,
  params: { personId: string; relationId?: string },
): Promise<PersonClubRelation[]> {
  return db
    .select({ ...relationColumns, club: { id: clubs.id, name: clubs.name, clubType: clubs.clubType } })
    .from(clubRelations)
    .innerJoin(clubs, eq(clubs.id, clubRelations.clubId))
    .where(
      and(
        eq(clubRelations.personId, params.personId),
        params.relationId ? eq(clubRelations.id, params.relationId) : undefined,
      ),
    )
    .orderBy(desc(clubRelations.from), asc(clubRelations.id));
}

export async function findClub(db: DbOrTx, params: { id: string }) {
  const [row] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, params.id));
  return row;
}

/** One relation of one person: the person is part of the WHERE, so a wrong pair is not found. */
export async function findRelation(db: DbOrTx, params: { personId: string; relationId: string }) {
  const [row] = await db
    .select(relationColumns)
    .from(clubRelations)
    .where(and(eq(clubRelations.id, params.relationId), eq(clubRelations.personId, params.personId)));
  return row;
}

export async function insertRelation(
  tx: DbOrTx,
  params: {
    personId: string;
    clubId: string;
    type: number;
    membershipTypeLabel: string | null;
    from: string;
    to: string | null;
    actorId: string;
    now: Date;
  },
): Promise<string> {
  const { actorId, now, ...values } = params;
  const [row] = await tx
    .insert(clubRelations)
    .values({ ...values, createdAt: now, createdBy: actorId, updatedAt: now, updatedBy: actorId })
    .returning({ id: clubRelations.id });
  return row!.id;
}

/** New relations of an import batch (ids chosen by the import), in one insert. */
export async function insertRelationRows(
  tx: DbOrTx,
  rows: readonly (Parameters<typeof insertRelation>[1] & { id: string })[],
) {
  for (const chunk of chunksOf(rows))
    await tx.insert(clubRelations).values(
      chunk.map(({ actorId, now, ...values }) => ({
        ...values,
        createdAt: now,
        createdBy: actorId,
        updatedAt: now,
        updatedBy: actorId,
      })),
    );
}

export async function updateRelationDates(
  tx: DbOrTx,
  params: { personId: string; relationId: string; from: string; to: string | null; actorId: string; now: Date },
) {
  await tx
    .update(clubRelations)
    .set({ from: params.from, to: params.to, updatedAt: params.now, updatedBy: params.actorId })
    .where(and(eq(clubRelations.id, params.relationId), eq(clubRelations.personId, params.personId)));
}

/**
 * Deletes the relation; when the person has no other relation with that club and it was her
 * primary club, the primary club is unset (its managers would otherwise still manage her).
 */
export async function deleteRelation(tx: DbOrTx, params: { personId: string; relationId: string; clubId: string }) {
  await tx
    .delete(clubRelations)
    .where(and(eq(clubRelations.id, params.relationId), eq(clubRelations.personId, params.personId)));
  await tx
    .update(persons)
    .set({ primaryClubId: null })
    .where(
      and(
        eq(persons.id, params.personId),
        eq(persons.primaryClubId, params.clubId),
        sql`not exists (select 1 from ${clubRelations} where ${clubRelations.personId} = ${params.personId} and ${clubRelations.clubId} = ${params.clubId})`,
      ),
    );
}
