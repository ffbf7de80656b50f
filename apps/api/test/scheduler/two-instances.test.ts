import { NotificationType } from '@bpw/domain/enums/notification';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { and, count, eq, inArray } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type Database, openDatabase } from '../../src/db/client';
import { mailOutbox } from '../../src/db/schema/mail-outbox';
import { notificationSubscriptions, notifications } from '../../src/db/schema/notifications';
import {
  bookedEventsReminderJobName,
  createBookedEventsReminderJob,
} from '../../src/features/event-registrations/booked-events-reminder.job';
import { registrationDeadlineReminderJobName } from '../../src/features/event-registrations/registration-deadline-reminder.job';
import { createMailTransport } from '../../src/platform/mail/mail-transport';
import { startOutboxWorker } from '../../src/platform/mail/outbox';
import { createRealtime } from '../../src/platform/realtime/realtime';
import { withJobLock } from '../../src/platform/scheduler/job-lock';
import { claimRuns } from '../../src/platform/scheduler/scheduler-runs';
import { createClub, createEvent, createPerson, createRegistration } from '../factories';
import { createTestApp, type TestApp } from '../test-app';
import { testDatabaseUrl } from '../test-database';

const DAY = 86_400_000;

/**
 * Issue 7: "two app instances on one PostgreSQL send once". PGlite is one process holding one
 * connection; two instances cannot share it, so this runs only with TEST_DATABASE_URL.
 */
describe.skipIf(!testDatabaseUrl)('two app instances on one PostgreSQL (skipped on PGlite: one process)', () => {
  let first: TestApp;
  let secondDatabase: Database;
  let second: Awaited<ReturnType<typeof buildApp>>;
  const db = () => first.database.db;

  beforeAll(async () => {
    first = await createTestApp();
    const url = (first.database.pool as pg.Pool).options.connectionString!;
    secondDatabase = await openDatabase({ databaseUrl: url, poolSize: 10, statementTimeoutMs: 60_000 });
    const transport = createMailTransport({
      smtpUrl: undefined,
      from: first.config.mailFrom,
      dataDir: first.config.dataDir,
    });
    const outbox = startOutboxWorker({ db: secondDatabase.db, transport, autoStart: false });
    second = await buildApp({ config: first.config, database: secondDatabase, outbox });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  async function bookedEvents(n: number, registrationsEach: number) {
    const club = await createClub(db());
    const personIds: string[] = [];
    const guestEmails: string[] = [];
    for (let i = 0; i < n; i++) {
      const event = await createEvent(db(), { responsibleClubId: club.id, eventFrom: new Date(Date.now() + DAY) });
      for (let j = 0; j < registrationsEach; j++) {
        const person = await createPerson(db(), { clubId: club.id });
        personIds.push(person.id);
        const state = RegistrationState.Confirmed;
        await createRegistration(db(), { eventId: event.id, personId: person.id, eventRegistrationState: state });
        guestEmails.push((await createRegistration(db(), { eventId: event.id, eventRegistrationState: state })).email);
      }
    }
    return { personIds, guestEmails };
  }
  const noticesPerPerson = async (personIds: string[], type: number) => {
    const rows = await db()
      .select({ personId: notifications.personId, n: count() })
      .from(notifications)
      .where(and(inArray(notifications.personId, personIds), eq(notifications.notificationType, type)))
      .groupBy(notifications.personId);
    return rows.map((r) => r.n);
  };

  it('sends each booked-event reminder once when both instances run the job at the same time', async () => {
    const { personIds, guestEmails } = await bookedEvents(4, 6);
    for (let round = 0; round < 3; round++) {
      const outcomes = await Promise.all([
        first.app.scheduler.runJob(bookedEventsReminderJobName),
        second.scheduler.runJob(bookedEventsReminderJobName),
      ]);
      expect(outcomes.some((o) => o.ran)).toBe(true);
    }
    expect(await noticesPerPerson(personIds, NotificationType.BookedEventsReminder)).toEqual(personIds.map(() => 1));
    const mails = await db().select().from(mailOutbox).where(inArray(mailOutbox.toAddress, guestEmails));
    expect(mails).toHaveLength(guestEmails.length);
  });

  it('sends once even when the job lock is bypassed: the claims alone decide', async () => {
    const { personIds, guestEmails } = await bookedEvents(3, 8);
    const job = (database: Database, outbox: TestApp['outbox']) =>
      createBookedEventsReminderJob({
        db: database.db,
        outbox,
        realtime: createRealtime({ pool: undefined, scope: database.db }),
        config: first.config,
      });
    const a = job(first.database, first.outbox);
    const b = job(secondDatabase, first.outbox);
    const context = { now: new Date(), signal: new AbortController().signal };
    const reports = await Promise.all([a.run(context), b.run(context), a.run(context), b.run(context)]);
    expect(reports.reduce((sum, r) => sum + r.members!, 0)).toBe(personIds.length);
    expect(reports.reduce((sum, r) => sum + r.guests!, 0)).toBe(guestEmails.length);
    expect(await noticesPerPerson(personIds, NotificationType.BookedEventsReminder)).toEqual(personIds.map(() => 1));
  });

  it('sends each registration-deadline reminder once', async () => {
    const club = await createClub(db());
    const subscribers = [];
    for (let i = 0; i < 5; i++) {
      const person = await createPerson(db(), { clubId: club.id });
      subscribers.push(person.id);
      await db().insert(notificationSubscriptions).values({
        personId: person.id,
        clubId: club.id,
        notificationType: NotificationType.EventRegistrationDeadlineReminder,
      });
    }
    for (let i = 0; i < 3; i++) {
      await createEvent(db(), { responsibleClubId: club.id, registrationTo: new Date(Date.now() + DAY) });
    }
    await Promise.all([
      first.app.scheduler.runJob(registrationDeadlineReminderJobName),
      second.scheduler.runJob(registrationDeadlineReminderJobName),
      first.app.scheduler.runJob(registrationDeadlineReminderJobName),
      second.scheduler.runJob(registrationDeadlineReminderJobName),
    ]);
    expect(await noticesPerPerson(subscribers, NotificationType.EventRegistrationDeadlineReminder)).toEqual(
      subscribers.map(() => 3),
    );
  });

  it('lets one instance at a time hold a job’s advisory lock', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const isEntered = new Promise<void>((resolve) => (entered = resolve));
    const holder = withJobLock(first.database, 'lock-probe', async () => {
      entered();
      await held;
      return 'first';
    });
    await isEntered;
    expect(await withJobLock(secondDatabase, 'lock-probe', async () => 'second')).toEqual({ ran: false });
    release();
    expect(await holder).toEqual({ ran: true, result: 'first' });
    expect(await withJobLock(secondDatabase, 'lock-probe', async () => 'second')).toEqual({
      ran: true,
      result: 'second',
    });
  });

  it('makes a claim that waits for another transaction count as taken, or as free after its rollback', async () => {
    const keys = ['k1', 'k2', 'k3'];
    const race = async (job: string, isFirstCommitted: boolean) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let claimedFirst!: () => void;
      const hasClaimed = new Promise<void>((resolve) => (claimedFirst = resolve));
      const firstTx = first.database.db
        .transaction(async (tx) => {
          const claimed = await claimRuns(tx, { job, runKeys: keys });
          claimedFirst();
          await held;
          if (!isFirstCommitted) throw new Error('rolled back');
          return claimed;
        })
        .catch(() => new Set<string>());
      await hasClaimed;
      const secondTx = secondDatabase.db.transaction((tx) => claimRuns(tx, { job, runKeys: keys }));
      await new Promise((resolve) => setTimeout(resolve, 200)); // the second now waits on the key
      release();
      return [[...(await firstTx)], [...(await secondTx)]];
    };
    expect(await race('claim-probe-commit', true)).toEqual([keys, []]);
    expect(await race('claim-probe-rollback', false)).toEqual([[], keys]);
  });
});
