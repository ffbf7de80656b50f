import { RegistrationState } from '@bpw/domain/enums/registration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createEvent, createRegistration } from '../../test/factories';
import { openTestDatabase } from '../../test/test-database';
import type { Database } from './client';

/** Rules the schema itself keeps, whatever the code above it does. */
describe('schema rules for events and registrations', () => {
  let database: Database;
  let eventId: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    const club = await createClub(database.db);
    eventId = (await createEvent(database.db, { responsibleClubId: club.id })).id;
  });
  afterAll(() => database.close());

  it('keeps one active registration per e-mail and event, whatever the case of the address', async () => {
    await createRegistration(database.db, { eventId, email: 'Anna.Muster@example.ch' });
    await expect(createRegistration(database.db, { eventId, email: 'anna.muster@EXAMPLE.ch' })).rejects.toThrow();
  });

  it('allows a new registration once the earlier one is unregistered', async () => {
    await createRegistration(database.db, {
      eventId,
      email: 'berta@example.ch',
      eventRegistrationState: RegistrationState.Unregistered,
    });
    await expect(createRegistration(database.db, { eventId, email: 'berta@example.ch' })).resolves.toBeDefined();
  });

  it('refuses an event that ends before it starts', async () => {
    const club = await createClub(database.db);
    const from = new Date('2030-05-01T18:00:00Z');
    await expect(
      createEvent(database.db, {
        responsibleClubId: club.id,
        eventFrom: from,
        eventTo: new Date('2030-05-01T17:00:00Z'),
      }),
    ).rejects.toThrow();
  });
});
