import type { Actor } from '@bpw/domain/actor';
import { canManageClubs } from '@bpw/domain/permissions';
import type { Club, ClubBody, ClubList, ClubListQuery } from '@bpw/domain/schemas/club';
import type { FeatureDeps } from '../../platform/feature-deps';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { countClubDependents, deleteClub, findClub, findClubs, insertClub, updateClub } from './clubs.queries';

type Deps = Pick<FeatureDeps, 'db'>;

/**
 * GET club (signed in) and GET club-public (anonymous): every club, searchable by name. The same
 * answer for both; the spec's pickers load from the public one before sign-in (spec 01 §6).
 */
export async function findClubList(deps: Deps, query: ClubListQuery): Promise<ClubList> {
  const sort = query.SortBy.map((key, i) => ({ key, isDesc: query.SortDesc[i] ?? false }));
  return findClubs(deps.db, {
    name: query.Name || undefined,
    sort,
    limit: query.PerPage === 0 ? undefined : query.PerPage,
    offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
  });
}

export async function getClubById(deps: Deps, id: string): Promise<Club> {
  const club = await findClub(deps.db, { id });
  if (!club) throw notFound();
  return club;
}

/** Spec 01 §2 "Clubs list": admins create, edit and delete clubs (also the routes' pre-check). */
export async function authorizeClubWrites(actor: Actor): Promise<void> {
  if (!canManageClubs(actor)) throw forbidden();
}

export async function createClub(deps: Deps, actor: Actor, body: ClubBody): Promise<Club> {
  await authorizeClubWrites(actor);
  return insertClub(deps.db, body);
}

export async function changeClub(deps: Deps, actor: Actor, id: string, body: ClubBody): Promise<Club> {
  await authorizeClubWrites(actor);
  const club = await updateClub(deps.db, { id, ...body });
  if (!club) throw notFound();
  return club;
}

const isForeignKeyViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23503' || e.cause?.code === '23503';
};

/**
 * Spec 01 §2 "Club detail": admins delete a club. One that still has club relations (current or
 * past), events or publications answers 409 with the counts, so the admin knows what to remove;
 * subscriptions to it go with it.
 */
export async function removeClub(deps: Deps, actor: Actor, id: string): Promise<void> {
  if (!canManageClubs(actor)) throw forbidden();
  if (!(await findClub(deps.db, { id }))) throw notFound();
  const dependents = await countClubDependents(deps.db, { id });
  if (dependents.relations > 0 || dependents.events > 0) throw conflict('error.clubInUse', dependents);
  try {
    await deleteClub(deps.db, { id });
  } catch (error) {
    // A relation or event added since the count: the foreign key refuses, and so do we.
    if (isForeignKeyViolation(error)) throw conflict('error.clubInUse', await countClubDependents(deps.db, { id }));
    throw error;
  }
}
