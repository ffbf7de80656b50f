import { eq } from 'drizzle-orm';
import { userAccounts } from '../../src/db/schema/accounts';
import { notifications } from '../../src/db/schema/notifications';
import { persons } from '../../src/db/schema/persons';
import { EventState } from '@bpw/domain/enums/event';
import { createEvent, createPerson, createRegistration, isoDay, uniqueSuffix } from '../factories';
import { addressWithLogo, withAvatar } from './object-fixtures';
import type { SecurityWorld } from './security-world';

/**
 * Persons with values nobody else has, so a response can be searched for them: active and
 * archived persons of club A and club B, each with a birthday in the coming days (the birthday
 * list shows them), an address with a logo and an avatar; a notification of the active person of
 * club A; and her accepted-terms time.
 */
export type Canary = { id: string; lastname: string; birthday: string; addressId: string; clubId: string };
export type Canaries = {
  activeA: Canary;
  activeB: Canary;
  archivedA: Canary;
  archivedB: Canary;
  notificationTitle: string;
  acceptedTermsAt: string;
  /** Planning events (no public page) of club A and club B: their ids and titles. */
  planningA: { id: string; title: string };
  planningB: { id: string; title: string };
  /** A public event of club B with a Pending guest registration: her e-mail is for its managers. */
  openB: { id: string; title: string };
  guestEmailB: string;
};

/** A birthday in `days` days, in `year` (never 29 February: not every year has one). */
function birthdayIn(days: number, year: number) {
  const day = isoDay(days).slice(5);
  return `${year}-${day === '02-29' ? '02-28' : day}`;
}

async function canary(w: SecurityWorld, name: string, clubId: string, state: 0 | 90, year: number): Promise<Canary> {
  const lastname = `Canary${name}${uniqueSuffix()}`;
  const birthday = birthdayIn(3, year);
  const person = await createPerson(w.db, { clubId, lastname, birthday });
  await w.db.update(persons).set({ isPresentationDone: true }).where(eq(persons.id, person.id));
  await withAvatar(w, person.id);
  const addressId = await addressWithLogo(w, person.id);
  if (state === 90) await w.db.update(persons).set({ state }).where(eq(persons.id, person.id));
  return { id: person.id, lastname, birthday, addressId, clubId };
}

export async function plantCanaries(w: SecurityWorld): Promise<Canaries> {
  const activeA = await canary(w, 'ActiveA', w.clubA, 0, 1961);
  const notificationTitle = `CanaryNotification${uniqueSuffix()}`;
  await w.db.insert(notifications).values({
    personId: activeA.id,
    title: notificationTitle,
    content: `<p>${notificationTitle}</p>`,
    notificationType: 1,
    channel: 2,
  });
  const acceptedTermsAt = '2011-11-11T11:11:11Z';
  await w.db
    .update(userAccounts)
    .set({ acceptedTermsAt: new Date(acceptedTermsAt) })
    .where(eq(userAccounts.personId, activeA.id));
  const planningA = await createEvent(w.db, {
    responsibleClubId: w.clubA,
    eventState: EventState.Planning,
    title: `CanaryPlanningA${uniqueSuffix()}`,
  });
  const planningB = await createEvent(w.db, {
    responsibleClubId: w.clubB,
    eventState: EventState.Planning,
    title: `CanaryPlanningB${uniqueSuffix()}`,
  });
  const openB = await createEvent(w.db, { responsibleClubId: w.clubB, isRegistrationListPublic: true });
  const { email: guestEmailB } = await createRegistration(w.db, {
    eventId: openB.id,
    email: `canary-guest-${uniqueSuffix()}@example.ch`,
  });
  return {
    planningA,
    planningB,
    openB,
    guestEmailB,
    activeA,
    activeB: await canary(w, 'ActiveB', w.clubB, 0, 1962),
    archivedA: await canary(w, 'ArchivedA', w.clubA, 90, 1963),
    archivedB: await canary(w, 'ArchivedB', w.clubB, 90, 1964),
    notificationTitle,
    acceptedTermsAt,
  };
}

/** A birthday as the API (ISO) and the export or the web app (dd.mm.yyyy) write it. */
export const birthdayMarkers = (birthday: string) => {
  const [y, m, d] = birthday.split('-');
  return [birthday, `${d}.${m}.${y}`];
};
