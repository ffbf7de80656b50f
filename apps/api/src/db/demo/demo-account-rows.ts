import { NotificationType, registrationRelatedNotificationTypes } from '@bpw/domain/enums/notification';
import type { notificationSubscriptions, userAccounts } from '../schema/index';
import { demoAccounts } from './demo-accounts';
import type { DemoPerson } from './demo-persons';
import type { Rng } from './demo-random';
import { addDays, between } from './demo-random';

/** Target number of demo accounts; the managers come first, members fill up the rest. */
const ACCOUNT_COUNT = 40;

/**
 * Accounts for the demo persons, the club and event managers and some members (never archived
 * persons). `passwordHash` is computed once by the caller. Usernames already taken are skipped.
 */
export function buildAccounts(
  rng: Rng,
  people: readonly DemoPerson[],
  managers: readonly DemoPerson[],
  passwordHash: string,
  now: Date,
  takenUsernames: ReadonlySet<string>,
) {
  const chosen = new Set<DemoPerson>([...people.filter((p) => p.special), ...managers]);
  for (const p of rng.shuffle(people.filter((p) => p.status === 'member'))) {
    if (chosen.size >= ACCOUNT_COUNT) break;
    chosen.add(p);
  }
  const holders = [...chosen].filter((p) => p.status !== 'archived' && !takenUsernames.has(p.email.toLowerCase()));
  const rows: (typeof userAccounts.$inferInsert)[] = holders.map((p) => ({
    personId: p.row.id,
    username: p.email,
    passwordHash,
    // Most have signed in and accepted the terms; a few never have.
    acceptedTermsAt: p.special || rng.chance(0.85) ? between(rng, addDays(now, -400), addDays(now, -2)) : null,
    isCentralCommittee: demoAccounts.some((a) => a.key === p.special && a.isCentralCommittee),
    passwordChangedAt: now,
  }));
  return { holders, rows };
}

/**
 * Subscriptions: managers to the club-related types of their clubs (the demo managers to all,
 * the others to some), and the demo persons and some others to the registration-related types.
 */
export function buildSubscriptions(
  rng: Rng,
  holders: readonly DemoPerson[],
  managedClubIds: ReadonlyMap<DemoPerson, readonly string[]>,
) {
  const rows: (typeof notificationSubscriptions.$inferInsert)[] = [];
  for (const p of holders) {
    for (const clubId of managedClubIds.get(p) ?? []) {
      for (const notificationType of [
        NotificationType.EventPublished,
        NotificationType.EventRegistrationDeadlineReminder,
      ]) {
        if (p.special || rng.chance(0.6)) {
          rows.push({ personId: p.row.id, clubId, notificationType, isEmailEnabled: rng.chance(0.5) });
        }
      }
    }
    if (p.special || rng.chance(0.3)) {
      for (const notificationType of registrationRelatedNotificationTypes) {
        rows.push({ personId: p.row.id, clubId: null, notificationType, isEmailEnabled: rng.chance(0.3) });
      }
    }
  }
  return rows;
}
