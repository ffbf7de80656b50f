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
import type { FeatureDeps } from '../../platform/feature-deps';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { forbidden } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { findUpcomingBirthdays, upcomingBirthdaysWhere } from './birthday-list.queries';
import { type DayCounts, countDevelopmentOnDays } from './dashboard.queries';
import { developmentBucketDays } from './development-buckets';
import { findStoredTotals, refreshStoredTotals } from './development-totals.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now'>;
type BirthdayDeps = Deps & Pick<FeatureDeps, 'personListReader'>;

/** Spec 01 §2: the birthday list shows the next 30 days, today included. */
export const BIRTHDAY_LIST_DAYS = 30;

function scopeOrRefuse(actor: Actor, clubs: readonly string[]) {
  const scope = dashboardScope(actor, clubs);
  if (!scope) throw forbidden();
  return scope;
}

/**
 * GET membership-development: the last NumberOfBuckets quarters, the current one (counted as of
 * today) last. Each series counts persons, not relations: someone in two clubs counts once. All
 * clubs: the stored figures the jobs keep (development-totals.job.ts), a day not yet stored is
 * counted now; chosen clubs: counted now from their relations.
 */
export async function getMembershipDevelopment(
  deps: Deps,
  actor: Actor,
  locale: Locale,
  query: MembershipDevelopmentQuery,
): Promise<MembershipDevelopment> {
  const scope = scopeOrRefuse(actor, query.Clubs);
  const buckets = developmentBucketDays(isoDateInSwitzerland(deps.now()), query.NumberOfBuckets);
  const days = [...new Set(buckets.map((bucket) => bucket.day))];
  let counts: DayCounts[];
  if (scope.isAllClubs) {
    const stored = await findStoredTotals(deps.db, { days });
    const missing = days.filter((day) => !stored.some((row) => row.day === day));
    counts = [...stored, ...(await refreshStoredTotals(deps.db, { days: missing, now: deps.now() }))];
  } else {
    counts = await countDevelopmentOnDays(deps.db, { scope, days });
  }
  const byDay = new Map(counts.map((row) => [row.day, row]));
  const series = (pick: (row: DayCounts) => number): DevelopmentBucket[] =>
    buckets.map((bucket) => ({
      bucketNumber: bucket.n,
      bucketLabel: translate(locale, 'dashboard.quarterLabel', {
        quarter: Math.floor(Number(bucket.quarterStart.slice(5, 7)) / 3) + 1,
        year: bucket.quarterStart.slice(0, 4),
      }),
      quantity: pick(byDay.get(bucket.day) ?? { day: bucket.day, interested: 0, single: 0, young: 0 }),
    }));
  return {
    entriesInterested: series((r) => r.interested),
    entriesSingle: series((r) => r.single),
    entriesYoung: series((r) => r.young),
  };
}

/** GET person/birthday-list: same visibility as the dashboard, a page at a time. */
export async function getBirthdayList(
  deps: BirthdayDeps,
  actor: Actor,
  query: BirthdayListQuery,
): Promise<BirthdayList> {
  const scope = scopeOrRefuse(actor, query.Clubs);
  const window = { scope, today: isoDateInSwitzerland(deps.now()), days: BIRTHDAY_LIST_DAYS };
  const [rows, { total, isTotalEstimated }] = await Promise.all([
    findUpcomingBirthdays(deps.db, { ...window, offset: query.Page * query.PerPage, limit: query.PerPage }),
    deps.personListReader.countPersons(upcomingBirthdaysWhere(window)),
  ]);
  const items = rows.map(({ primaryClubId, primaryClubName, ...row }) => ({
    ...row,
    primaryClub: primaryClubId && primaryClubName !== null ? { id: primaryClubId, name: primaryClubName } : null,
  }));
  return { items, total, isTotalEstimated };
}
