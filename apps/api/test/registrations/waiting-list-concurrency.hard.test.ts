import { RegistrationState } from '@bpw/domain/enums/registration';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema/mail-outbox';
import { eventRegistrations } from '../../src/db/schema/registrations';
import { hashToken, newOpaqueToken } from '../../src/platform/auth/secure-tokens';
import { waitingListJobName } from '../../src/features/event-registrations/waiting-list.job';
import { register, registrationBody } from '../../src/features/event-registrations/registration-test-support';
import { createClub, createEvent, createRegistration } from '../factories';
import { reportFigure } from '../security/figures';
import { type TestApp, createTestApp } from '../test-app';

/**
 * Issue 19: the waiting list under concurrency. Hundreds of registrations, unregistrations (of
 * places and of places in line), confirmations and the moving-up job at once: never more than
 * the slots held, nobody skipped, nobody moved up twice. `npm run test:hard`, on the database
 * TEST_DATABASE_URL selects (PGlite without it).
 */
const RUNS = 3;
const SLOTS = 30;
const NEWCOMERS = 300;
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const { Pending, Waiting, Confirmed } = RegistrationState;

describe(`waiting list concurrency on ${database}`, () => {
  let t: TestApp;
  let clubId: string;
  let now = new Date('2030-01-10T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
    clubId = (await createClub(t.database.db)).id;
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  const rowsOf = (eventId: string) =>
    db()
      .select({
        id: eventRegistrations.id,
        email: eventRegistrations.email,
        state: eventRegistrations.eventRegistrationState,
        waitingNumber: eventRegistrations.waitingNumber,
        movedUpAt: eventRegistrations.movedUpAt,
        expiresAt: eventRegistrations.expiresAt,
      })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, eventId));

  /** The rules of issue 19, as of the clock `at`; answers what it found for the figure. */
  async function checkRules(eventId: string, at: Date, movedUpMails: Map<string, number>) {
    const rows = await rowsOf(eventId);
    const holding = rows.filter(
      (r) => r.state === Confirmed || (r.state === Pending && (r.expiresAt === null || r.expiresAt > at)),
    );
    const waiting = rows.filter((r) => r.state === Waiting);
    // Never more than the slots; and while anyone waits, no place stays free.
    expect(holding.length).toBeLessThanOrEqual(SLOTS);
    if (waiting.length > 0) expect(holding.length).toBe(SLOTS);
    // Nobody skipped: everyone moved up joined the line before everyone still waiting.
    const lastMovedUp = Math.max(...rows.filter((r) => r.movedUpAt).map((r) => r.waitingNumber!), -Infinity);
    const firstWaiting = Math.min(...waiting.map((r) => r.waitingNumber!), Infinity);
    expect(lastMovedUp).toBeLessThan(firstWaiting);
    // Nor jumped: the line is never empty here, so every place after the first holders went
    // through it (a waiting number).
    expect(holding.filter((r) => r.waitingNumber === null)).toEqual([]);
    // Nobody moved up twice: one "a place is free" mail per registration moved up.
    const movedUp = rows.filter((r) => r.movedUpAt);
    for (const r of movedUp) expect(movedUpMails.get(r.email) ?? 0).toBe(1);
    expect([...movedUpMails.values()].reduce((a, b) => a + b, 0)).toBe(movedUp.length);
    return { holding: holding.length, waiting: waiting.length, movedUp: movedUp.length };
  }

  async function movedUpMailsOf(title: string) {
    const mails = await db()
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(and(like(mailOutbox.subject, `%${title}`), like(mailOutbox.subject, 'Ein Platz ist frei%')));
    const counts = new Map<string, number>();
    for (const m of mails) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
    return counts;
  }

  const unregister = (key: string) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/event-registration-public/${key}/unregister`, payload: {} });

  it(
    `keeps the rules with ${NEWCOMERS} registrations and ${SLOTS} unregistrations at once, ${RUNS} runs`,
    { timeout: 3_600_000 },
    async () => {
      const figures: string[] = [];
      let unexpected = 0;
      for (let run = 0; run < RUNS; run++) {
        const event = await createEvent(db(), {
          responsibleClubId: clubId,
          eventFrom: new Date('2030-03-01T18:00:00Z'),
          eventTo: null,
          registrationSlots: SLOTS,
          hasWaitingList: true,
        });
        // The event is full: SLOTS confirmed registrations whose link keys we hold.
        const holders = await Promise.all(
          Array.from({ length: SLOTS }, async () => {
            const key = newOpaqueToken();
            await createRegistration(db(), {
              eventId: event.id,
              eventRegistrationState: Confirmed,
              linkKeyHash: hashToken(key),
            });
            return key;
          }),
        );
        // More are waiting than places will come free at once, so the line is never empty and
        // any place taken without passing through it would be a skip.
        for (let i = 0; i < SLOTS + 10; i++) {
          const res = await register(t.app, event.id, registrationBody());
          if (res.json().eventRegistrationState !== Waiting) unexpected += 1;
        }
        // Round 1: newcomers join the list while every holder unregisters.
        const round1 = await Promise.all([
          ...Array.from({ length: NEWCOMERS }, () => register(t.app, event.id, registrationBody())),
          ...holders.map((key) => unregister(key)),
        ]);
        unexpected += round1.filter((r) => r.statusCode !== 201 && r.statusCode !== 200).length;
        const first = await checkRules(event.id, now, await movedUpMailsOf(event.title));

        // Round 2: half of those moved up leave, the others confirm, some in line leave, more
        // newcomers arrive, and the job runs after every moved-up place has expired.
        const rows = await rowsOf(event.id);
        const keysOf = async (ids: string[]) => {
          // New keys, as the mail would carry them (the test cannot read a hash back).
          const keys = new Map<string, string>();
          for (const id of ids) {
            const key = newOpaqueToken();
            await db()
              .update(eventRegistrations)
              .set({ linkKeyHash: hashToken(key) })
              .where(eq(eventRegistrations.id, id));
            keys.set(id, key);
          }
          return keys;
        };
        const moved = rows.filter((r) => r.state === Pending);
        const inLine = rows.filter((r) => r.state === Waiting).slice(0, 40);
        const keys = await keysOf([...moved, ...inLine].map((r) => r.id));
        const round2 = await Promise.all([
          ...moved.map((r, i) =>
            i % 2 === 0
              ? unregister(keys.get(r.id)!)
              : t.app.inject({ method: 'PUT', url: `/api/v1/event-registration-public/${keys.get(r.id)}/confirm` }),
          ),
          ...inLine.map((r) => unregister(keys.get(r.id)!)),
          ...Array.from({ length: 100 }, () => register(t.app, event.id, registrationBody())),
        ]);
        unexpected += round2.filter((r) => r.statusCode !== 201 && r.statusCode !== 200).length;
        const second = await checkRules(event.id, now, await movedUpMailsOf(event.title));

        // Round 3: the places of those moved up and unconfirmed expire; the job and newcomers race.
        now = new Date(now.getTime() + 49 * 3_600_000);
        const round3 = await Promise.all([
          t.app.scheduler.runJob(waitingListJobName, { now }),
          ...Array.from({ length: 100 }, () => register(t.app, event.id, registrationBody())),
          t.app.scheduler.runJob(waitingListJobName, { now }),
        ]);
        unexpected += round3.filter((r) => 'statusCode' in r && r.statusCode !== 201).length;
        await t.app.scheduler.runJob(waitingListJobName, { now });
        const third = await checkRules(event.id, now, await movedUpMailsOf(event.title));
        figures.push(
          [first, second, third].map((f) => `${f.holding} held/${f.waiting} waiting/${f.movedUp} moved up`).join(' → '),
        );
      }
      reportFigure(
        'waiting list concurrency',
        `${database}: ${SLOTS} slots, ${NEWCOMERS} registrations with ${SLOTS} unregistrations at once, then confirmations, leaving and 100 more, then the job racing 100 more; ${RUNS} runs: ${figures.join('; ')}; ${unexpected} unexpected answers`,
      );
      expect(unexpected).toBe(0);
    },
  );
});
