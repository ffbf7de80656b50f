import { EventState } from '@bpw/domain/enums/event';
import { eventCustomFields } from '../../src/db/schema/custom-fields';
import { eventCategories } from '../../src/db/schema/events';
import { eventPublications } from '../../src/db/schema/publications';
import { hashToken, newOpaqueToken } from '../../src/platform/auth/secure-tokens';
import { createClub, createEvent, createRegistration, uniqueSuffix } from '../factories';
import { makePng, multipartBody } from '../uploads';
import type { Target } from './object-fixtures';
import type { SecurityWorld } from './security-world';

/** Events and what hangs on them, for the object-level battery; "hidden" is a Planning event. */

export const eventIn = async (w: SecurityWorld, at: Target) =>
  (
    await createEvent(w.db, {
      responsibleClubId: at.clubId,
      eventState: at.state === 0 ? EventState.OpenForRegistration : EventState.Planning,
      isRegistrationListPublic: true,
    })
  ).id;

export async function categoryOf(w: SecurityWorld) {
  const [row] = await w.db
    .insert(eventCategories)
    .values({ title: `Security ${uniqueSuffix()}` })
    .returning({ id: eventCategories.id });
  return row!.id;
}

/** A valid event body for the club (the PUT keeps the event where it is). */
export const eventBody = async (w: SecurityWorld, clubId: string) => ({
  title: `Security ${uniqueSuffix()}`,
  eventCategoryIds: [await categoryOf(w)],
  eventFrom: '2030-05-04T16:00:00Z',
  location: 'Kongresshaus',
  street: 'Claridenstrasse 5',
  zip: '8002',
  city: 'Zürich',
  teaserText: 'Security',
  responsibleClubId: clubId,
});

export const registrationBody = () => ({
  firstname: 'Security',
  lastname: 'Gast',
  email: `security-${uniqueSuffix()}@example.test`,
  street: 'Bundesgasse 3',
  zip: '3011',
  city: 'Bern',
});

/** A Pending guest registration of the event: its id and the key of its public link. */
export async function registrationOf(w: SecurityWorld, eventId: string) {
  const key = newOpaqueToken();
  const { id } = await createRegistration(w.db, { eventId, linkKeyHash: hashToken(key) });
  return { id, key };
}

export async function customFieldOf(w: SecurityWorld, eventId: string) {
  const [row] = await w.db
    .insert(eventCustomFields)
    .values({ eventId, type: 1, title: 'Security', modeMember: 2, modeGuest: 2 })
    .returning({ id: eventCustomFields.id });
  return row!.id;
}

export const customFieldBody = {
  type: 1,
  title: 'Security',
  eventCustomFieldModeMember: 2,
  eventCustomFieldModeGuest: 2,
  showInList: false,
  sortOrder: 0,
};

/** An event of `eventClubId` offered to `toClubId`: the publication's id. */
export async function publicationOf(w: SecurityWorld, eventClubId: string, toClubId: string) {
  const eventId = await eventIn(w, { clubId: eventClubId, state: 0 });
  const [row] = await w.db
    .insert(eventPublications)
    .values({ eventId, clubId: toClubId })
    .returning({ id: eventPublications.id });
  return row!.id;
}

/** A club nobody calls from, for the other end of a publication. */
export const strangerClub = async (w: SecurityWorld) => (await createClub(w.db)).id;

let png: Promise<Buffer> | undefined;
export const eventImageUpload = async () => multipartBody('EventImage', await (png ??= makePng(400, 400)));

/** An event with an image (uploaded as the admin). */
export async function eventWithImage(w: SecurityWorld, at: Target) {
  const eventId = await eventIn(w, at);
  const res = await w.call('admin', {
    method: 'POST',
    url: `/api/v1/event/${eventId}/event-image`,
    ...(await eventImageUpload()),
  });
  if (res.statusCode !== 201) throw new Error(`event image upload failed: ${res.statusCode} ${res.body}`);
  return eventId;
}
