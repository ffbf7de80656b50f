import { activeRegistrationStates } from '@bpw/domain/enums/registration';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations } from '../../db/schema/registrations';
import { createClub, createEvent } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { register, registrationBody } from './registration-test-support';

/** Issue 7: the slot check and the insert run under a lock on the event row. */
describe('simultaneous registrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  it('stores exactly 20 of 200 simultaneous registrations for 20 slots; the rest get 409, none a 5xx', async () => {
    const club = await createClub(db());
    const event = await createEvent(db(), { responsibleClubId: club.id, registrationSlots: 20 });
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        register(t.app, event.id, registrationBody(), { headers: { 'accept-language': 'en' } }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(180);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(new Set(responses.filter((r) => r.statusCode === 409).map((r) => r.json().errors[0]))).toEqual(
      new Set(['The event is fully booked.']),
    );
    const [stored] = await db()
      .select({ n: count() })
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, event.id),
          inArray(eventRegistrations.eventRegistrationState, [...activeRegistrationStates]),
        ),
      );
    expect(stored!.n).toBe(20);
  });
});
