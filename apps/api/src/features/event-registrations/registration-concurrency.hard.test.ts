import { RegistrationState, activeRegistrationStates } from '@bpw/domain/enums/registration';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { eventRegistrations } from '../../db/schema/registrations';
import { createClub, createEvent, createPerson, signIn } from '../../../test/factories';
import { reportFigure } from '../../../test/security/figures';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { linkKeyFromMail, register, registrationBody } from './registration-test-support';

/**
 * Issue 9 (security battery), concurrency: no number of simultaneous requests overbooks an
 * event, registers one person twice or confirms twice. Runs in `npm run test:hard`, on the
 * database TEST_DATABASE_URL selects (PGlite without it); prints one line per figure.
 */
const RUNS = 20;
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`registration concurrency on ${database}`, () => {
  let t: TestApp;
  let clubId: string;
  beforeAll(async () => {
    t = await createTestApp();
    clubId = (await createClub(t.database.db)).id;
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const activeOf = async (eventId: string) =>
    (
      await db()
        .select({ n: count() })
        .from(eventRegistrations)
        .where(
          and(
            eq(eventRegistrations.eventId, eventId),
            inArray(eventRegistrations.eventRegistrationState, [...activeRegistrationStates]),
          ),
        )
    )[0]!.n;

  it(
    `stores exactly 50 of 500 simultaneous registrations for 50 slots, ${RUNS} runs`,
    { timeout: 3_600_000 },
    async () => {
      const stored: number[] = [];
      const statuses = new Map<number, number>();
      for (let run = 0; run < RUNS; run++) {
        const event = await createEvent(db(), { responsibleClubId: clubId, registrationSlots: 50 });
        const responses = await Promise.all(
          Array.from({ length: 500 }, () => register(t.app, event.id, registrationBody())),
        );
        for (const r of responses) statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
        stored.push(await activeOf(event.id));
      }
      const summary = [...statuses].map(([status, n]) => `${n}×${status}`).join(', ');
      reportFigure(
        'registration concurrency',
        `${database}: 500 simultaneous registrations for 50 slots, ${RUNS} runs: stored ${stored.join('/')}; answers ${summary}`,
      );
      expect(stored).toEqual(Array.from({ length: RUNS }, () => 50));
      expect(statuses.get(201)).toBe(50 * RUNS);
      expect(statuses.get(409)).toBe(450 * RUNS);
      expect([...statuses.keys()].filter((s) => s !== 201 && s !== 409)).toEqual([]);
    },
  );

  it(
    `stores 1 of 50 identical registrations sent at once (guest and member), ${RUNS} runs`,
    { timeout: 600_000 },
    async () => {
      const member = await createPerson(db(), { clubId });
      const { token } = await signIn(t.app, member.username, member.password);
      const stored: number[] = [];
      let unexpected = 0;
      for (let run = 0; run < RUNS; run++) {
        for (const asMember of [false, true]) {
          const event = await createEvent(db(), { responsibleClubId: clubId });
          const body = registrationBody();
          const responses = await Promise.all(
            Array.from({ length: 50 }, () => register(t.app, event.id, body, asMember ? { token } : {})),
          );
          unexpected += responses.filter((r) => r.statusCode !== 201 && r.statusCode !== 409).length;
          // A member hears she is registered already; a repeated address is answered like a new
          // registration (issue 15), and only one is stored either way.
          expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(asMember ? 1 : 50);
          stored.push(await activeOf(event.id));
        }
      }
      reportFigure(
        'registration concurrency',
        `${database}: 50 identical registrations at once, ${RUNS * 2} runs (guest, member): stored ${stored.join('/')}; ${unexpected} answers other than 201/409`,
      );
      expect(stored).toEqual(Array.from({ length: RUNS * 2 }, () => 1));
      expect(unexpected).toBe(0);
    },
  );

  it(
    `changes the state once and mails once when confirm is pressed 5 times at once, ${RUNS} runs`,
    { timeout: 600_000 },
    async () => {
      const changes: number[] = [];
      const mails: number[] = [];
      let unexpected = 0;
      for (let run = 0; run < RUNS; run++) {
        const event = await createEvent(db(), { responsibleClubId: clubId });
        const body = registrationBody();
        const created = await register(t.app, event.id, body, { headers: { 'accept-language': 'en' } });
        const key = await linkKeyFromMail(db(), body.email);
        const responses = await Promise.all(
          Array.from({ length: 5 }, () =>
            t.app.inject({ method: 'PUT', url: `/api/v1/event-registration-public/${key}/confirm` }),
          ),
        );
        unexpected += responses.filter((r) => r.statusCode !== 200).length;
        const [row] = await db()
          .select({ state: eventRegistrations.eventRegistrationState })
          .from(eventRegistrations)
          .where(eq(eventRegistrations.id, created.json().id));
        changes.push(row!.state === RegistrationState.Confirmed ? 1 : 0);
        const [stateMails] = await db()
          .select({ n: count() })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.toAddress, body.email), like(mailOutbox.subject, 'Your ticket:%')));
        mails.push(stateMails!.n);
      }
      reportFigure(
        'registration concurrency',
        `${database}: confirm pressed 5 times at once, ${RUNS} runs: confirmed ${changes.join('/')}, state mails ${mails.join('/')}; ${unexpected} answers other than 200`,
      );
      expect(changes).toEqual(Array.from({ length: RUNS }, () => 1));
      expect(mails).toEqual(Array.from({ length: RUNS }, () => 1));
      expect(unexpected).toBe(0);
    },
  );
});
