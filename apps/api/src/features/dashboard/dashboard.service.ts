import type { Actor } from '@bpw/domain/actor';
import { dashboardScope } from '@bpw/domain/club-scope';
import type { Locale } from '@bpw/domain/enums/language';
import type {
  BirthdayList,
  BirthdayListQuery,
  DevelopmentBucket,
  MembershipDevelopment,
  MembershipDevelopmentQuery,
} from '@bpw/domain/schemas/dashboard';
import type { FeatureDeps } from '../../app';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { forbidden } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { type QuarterCounts, countQuarterlyDevelopment, findUpcomingBirthdays } from './dashboard.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now'>;

/** Spec 01 §2: the birthday list shows the next 30 days, today included. */
export const BIRTHDAY_LIST_DAYS = 30;

function scopeOrRefuse(actor: Actor, clubs: readonly string[]) {
  const scope = dashboardScope(actor, clubs);
  if (!scope) throw forbidden();
  return scope;
}

/**
 * GET membership-development: the last NumberOfBuckets quarters, the current one (counted as of
 * today) last. Each series counts persons, not relations: someone in two clubs counts once.
 */
export async function getMembershipDevelopment(
  deps: Deps,
  actor: Actor,
  locale: Locale,
  query: MembershipDevelopmentQuery,
): Promise<MembershipDevelopment> {
  const scope = scopeOrRefuse(actor, query.Clubs);
  const rows = await countQuarterlyDevelopment(deps.db, {
    scope,
    today: isoDateInSwitzerland(deps.now()),
    buckets: query.NumberOfBuckets,
  });
  const series = (pick: (row: QuarterCounts) => number): DevelopmentBucket[] =>
    rows.map((row) => ({
      bucketNumber: row.n,
      bucketLabel: translate(locale, 'dashboard.quarterLabel', {
        quarter: Math.floor(Number(row.quarterStart.slice(5, 7)) / 3) + 1,
        year: row.quarterStart.slice(0, 4),
      }),
      quantity: pick(row),
    }));
  return {
    entriesInterested: series((r) => r.interested),
    entriesSingle: series((r) => r.single),
    entriesYoung: series((r) => r.young),
  };
}

/** GET person/birthday-list: same visibility as the dashboard. */
export async function getBirthdayList(deps: Deps, actor: Actor, query: BirthdayListQuery): Promise<BirthdayList> {
  const scope = scopeOrRefuse(actor, query.Clubs);
  const rows = await findUpcomingBirthdays(deps.db, {
    scope,
    today: isoDateInSwitzerland(deps.now()),
    days: BIRTHDAY_LIST_DAYS,
  });
  const items = rows.map(({ primaryClubId, primaryClubName, ...row }) => ({
    ...row,
    primaryClub: primaryClubId && primaryClubName !== null ? { id: primaryClubId, name: primaryClubName } : null,
  }));
  return { items, total: items.length };
}
