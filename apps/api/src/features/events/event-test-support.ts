import type { InjectOptions } from 'fastify';
import { type CreatedPerson, createClub, createPerson, injectAs, signIn, uniqueSuffix } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { eventCategories } from '../../db/schema/events';

/** The people and clubs the event tests act with: club A (managed) and club B (another club). */
export type EventWorld = Awaited<ReturnType<typeof createEventWorld>>;
export type Caller = ReturnType<typeof injectAs>;

export async function createEventWorld(t: TestApp) {
  const db = t.database.db;
  const clubA = await createClub(db, { name: `Club A ${uniqueSuffix()}` });
  const clubB = await createClub(db, { name: `Club B ${uniqueSuffix()}` });
  const people = {
    member: await createPerson(db, { clubId: clubA.id }),
    managerA: await createPerson(db, { clubId: clubA.id, type: 'responsibleEvents' }),
    managerB: await createPerson(db, { clubId: clubB.id, type: 'responsibleEvents' }),
    admin: await createPerson(db, { isAdmin: true }),
  };
  const as = async (person: CreatedPerson): Promise<Caller> =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  return {
    db,
    clubA,
    clubB,
    people,
    member: await as(people.member),
    managerA: await as(people.managerA),
    managerB: await as(people.managerB),
    admin: await as(people.admin),
    as,
    anonymous: (options: InjectOptions) => t.app.inject(options),
  };
}

export async function createCategory(t: TestApp, title = `Kategorie ${uniqueSuffix()}`) {
  const [row] = await t.database.db
    .insert(eventCategories)
    .values({ title })
    .returning({ id: eventCategories.id, title: eventCategories.title });
  return row!;
}

/** A valid POST event body; overrides replace fields. */
export function eventBody(clubId: string, categoryIds: string[], overrides: Record<string, unknown> = {}) {
  return {
    title: `Sommeranlass ${uniqueSuffix()}`,
    eventCategoryIds: categoryIds,
    eventFrom: '2030-06-12T16:00:00Z',
    eventTo: '2030-06-12T20:00:00Z',
    registrationSlots: 0,
    registrationTo: '2030-06-05T22:00:00Z',
    unregistrationTo: null,
    externalRegistrationUrl: null,
    contactDetails: 'Anna Muster',
    isRegistrationListPublic: false,
    location: 'Kongresshaus',
    street: 'Claridenstrasse 5',
    zip: '8002',
    city: 'Zürich',
    countryCode: 'CH',
    teaserText: 'Ein Abend am See.',
    description: '# Programm',
    cost: 'CHF 40.–',
    defaultLanguageCode: 'de',
    responsibleClubId: clubId,
    ...overrides,
  };
}
