import { MembershipType, responsibleTypes } from '@bpw/domain/enums/membership-type';
import type { clubRelations } from '../schema/index';
import { otherMembershipLabels } from './demo-names';
import { type DemoClub, type DemoPerson, isRegionalClub } from './demo-persons';
import { addDays, isoDate, type Rng } from './demo-random';

const T = MembershipType;
type RelationRow = typeof clubRelations.$inferInsert;

/** Who manages which club, derived from the active database (120) and events (270) relations. */
export type DemoRoles = {
  relations: RelationRow[];
  /** Club managers and event managers, in the order they were chosen. */
  managers: DemoPerson[];
  managedClubIds: Map<DemoPerson, string[]>;
  eventManagersByClub: Map<string, DemoPerson[]>;
  clubManagersByClub: Map<string, DemoPerson[]>;
};

/**
 * Club relations over the last three years: a member type or interested for everybody, board and
 * responsibles in every club, some ended (moves, former presidents, archived persons) and some
 * starting in the future.
 */
export function buildMemberships(rng: Rng, people: readonly DemoPerson[], clubs: readonly DemoClub[], today: Date) {
  const roles: DemoRoles = {
    relations: [],
    managers: [],
    managedClubIds: new Map(),
    eventManagersByClub: new Map(),
    clubManagersByClub: new Map(),
  };
  const day = (offset: number) => isoDate(addDays(today, offset));
  const add = (p: DemoPerson, club: DemoClub, type: MembershipType, from: number, to: number | null = null) => {
    const label = type === T.other ? rng.pick(otherMembershipLabels) : null;
    roles.relations.push({
      personId: p.row.id,
      clubId: club.id,
      type,
      membershipTypeLabel: label,
      from: day(from),
      to: to === null ? null : day(to),
      createdAt: addDays(today, Math.min(from, 0)),
    });
    const created = addDays(today, from);
    if (!p.row.createdAt || p.row.createdAt > created) p.row.createdAt = created;
    if (to === null && from <= 0 && (type === T.database || type === T.responsibleEvents)) {
      const byClub = type === T.database ? roles.clubManagersByClub : roles.eventManagersByClub;
      byClub.set(club.id, [...(byClub.get(club.id) ?? []), p]);
      if (!roles.managedClubIds.has(p)) roles.managers.push(p);
      roles.managedClubIds.set(p, [...new Set([...(roles.managedClubIds.get(p) ?? []), club.id])]);
    }
  };

  // When each person joined her club: her board functions and responsibles start later.
  const joined = new Map<DemoPerson, number>();
  const role = (p: DemoPerson, club: DemoClub, type: MembershipType, from: number, to: number | null = null) => {
    const start = Math.max(from, joined.get(p) ?? from);
    add(p, club, type, to === null ? start : Math.min(start, to), to);
  };

  const regional = clubs.filter(isRegionalClub);
  for (const p of people) {
    if (p.status === 'archived') {
      // Archived persons were single members whose membership has ended.
      add(p, p.club, T.single, -rng.int(700, 1095), -rng.int(30, 400));
    } else if (p.status === 'interested') {
      joined.set(p, -rng.int(10, 700));
      add(p, p.club, T.interested, joined.get(p)!);
    } else if (p.status === 'future') {
      const start = rng.int(10, 60);
      add(p, p.club, T.interested, -rng.int(30, 300), start - 1);
      add(p, p.club, rng.chance(0.8) ? T.single : T.singleNoFee, start);
    } else {
      const type = p.special
        ? T.single
        : p.company && rng.chance(0.3)
          ? rng.pick([T.company, T.collective])
          : rng.chance(0.1)
            ? T.singleNoFee
            : T.single;
      let start: number;
      if (!p.special && rng.chance(0.07)) {
        // Moved from another club: the old membership ended the day before the new one.
        start = -rng.int(30, 700);
        const old = rng.pick(regional.filter((c) => c !== p.club));
        add(p, old, T.single, -rng.int(800, 1095), start - 1);
      } else if (!p.special && rng.chance(0.15)) {
        // Was interested first, then joined.
        start = -rng.int(30, 800);
        add(p, p.club, T.interested, start - rng.int(60, 200), start - 1);
      } else {
        start = p.special ? -rng.int(900, 1095) : -rng.int(20, 1095);
      }
      add(p, p.club, type, start);
      joined.set(p, start);
    }
  }

  const special = (key: string) => people.find((p) => p.special === key)!;
  const members = people.filter((p) => p.status === 'member' && !p.special);
  const withRole = new Set<DemoPerson>();
  const take = (pool: readonly DemoPerson[]) => {
    const p = pool.find((c) => !withRole.has(c)) ?? pool[0]!;
    withRole.add(p);
    return p;
  };
  const since = () => -rng.int(30, 900);
  // Functions go to long-standing members first.
  const seniorFirst = (pool: readonly DemoPerson[]) => [...pool].sort((a, b) => joined.get(a)! - joined.get(b)!);

  for (const club of regional) {
    const pool = seniorFirst(members.filter((p) => p.club === club));
    const presidentFrom = -rng.int(100, 700);
    role(take(pool), club, T.president, presidentFrom);
    role(take(pool), club, T.president, presidentFrom - rng.int(365, 400), presidentFrom - 1);
    for (let n = rng.int(2, 3); n > 0; n--) role(take(pool), club, T.board, since());
    role(take(pool), club, T.board, -rng.int(900, 1000), -rng.int(100, 300));
    role(take(pool), club, T.finance, since());
    if (club.key === 'zurich') role(special('manager'), club, T.database, -400);
    if (club.key !== 'zurich' || rng.chance(0.5)) role(take(pool), club, T.database, since());
    if (['bern', 'geneve', 'basel'].includes(club.key)) role(take(pool), club, T.database, since());
    if (club.key === 'zurich') role(special('events'), club, T.responsibleEvents, -300);
    if (club.key !== 'zurich') role(take(pool), club, T.responsibleEvents, since());
    if (['lausanne', 'luzern'].includes(club.key)) role(take(pool), club, T.responsibleEvents, since());
    for (const type of rng.sample(
      responsibleTypes.filter((r) => r !== T.responsibleEvents),
      2,
    )) {
      role(take(pool), club, type, since());
    }
    role(take(pool), club, T.other, since());
    const interested = people.filter((p) => p.club === club && p.status === 'interested');
    role(rng.pick(interested.length ? interested : pool), club, T.speaker, -rng.int(10, 400));
  }

  // The national board holds every board function and every responsible, so each type exists.
  const byKey = (key: string) => clubs.find((c) => c.key === key)!;
  const national = byKey('switzerland');
  const nationalPool = seniorFirst(members);
  const presidentFrom = -rng.int(200, 500);
  role(take(nationalPool), national, T.president, presidentFrom);
  role(take(nationalPool), national, T.president, presidentFrom - rng.int(400, 500), presidentFrom - 1);
  role(special('committee'), national, T.board, -500);
  for (let n = 0; n < 3; n++) role(take(nationalPool), national, T.board, since());
  for (const type of [T.database, T.finance, ...responsibleTypes]) role(take(nationalPool), national, type, since());
  const europe = byKey('europe');
  role(take(nationalPool), europe, T.board, since());
  role(take(nationalPool), europe, T.other, since());
  for (const p of rng.sample(
    people.filter((x) => x.status === 'interested'),
    2,
  ))
    role(p, europe, T.speaker, since());
  const international = byKey('international');
  role(take(nationalPool), international, T.other, since());
  role(take(nationalPool), international, T.other, -rng.int(900, 1000), -rng.int(30, 200));
  role(take(nationalPool), international, T.speaker, since());
  return roles;
}
