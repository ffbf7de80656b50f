import type { Actor } from './actor';
import { canExport, canSeeAllClubsOnDashboard, canSeeDashboard } from './permissions';

/**
 * Which clubs a dashboard figure or an export may cover (spec 01 §6 "Dashboard and Export
 * visibility"): admins and the central committee see every club (no club asked for = all clubs);
 * club managers only the clubs they manage (no club asked for = all of them; clubs they do not
 * manage are dropped from the request). `undefined` when the actor may not see it at all.
 */
export type ClubScope = { isAllClubs: true } | { isAllClubs: false; clubIds: readonly string[] };

function scopeOf(actor: Actor, requested: readonly string[]): ClubScope {
  const unique = [...new Set(requested)];
  if (canSeeAllClubsOnDashboard(actor))
    return unique.length ? { isAllClubs: false, clubIds: unique } : { isAllClubs: true };
  const managed = actor.clubManagerOf;
  return { isAllClubs: false, clubIds: unique.length ? unique.filter((id) => managed.includes(id)) : [...managed] };
}

export const dashboardScope = (actor: Actor, requested: readonly string[]): ClubScope | undefined =>
  canSeeDashboard(actor) ? scopeOf(actor, requested) : undefined;

export const exportScope = (actor: Actor, requested: readonly string[]): ClubScope | undefined =>
  canExport(actor) ? scopeOf(actor, requested) : undefined;
