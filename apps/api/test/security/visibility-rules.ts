import { type Canaries, type Canary, birthdayMarkers } from './canaries';
import type { Role, SecurityWorld } from './security-world';

/**
 * What a role may find in a response (docs/decisions/persons.md, dashboard.md, export.md,
 * notifications.md): the markers that must NOT be in the body of `route` at `url` for `role`.
 */
export type Marker = { text: string; what: string };

/** Lists over many persons: archived persons appear in GET person for admins only, elsewhere never. */
const personLists = new Set(['GET /api/v1/person', 'GET /api/v1/export', 'GET /api/v1/person/birthday-list']);
/** Lists scoped to the clubs a manager manages (the committee and admins see every club). */
const clubScoped = new Set([
  'GET /api/v1/export',
  'GET /api/v1/person/birthday-list',
  'GET /api/v1/membership-development',
]);
const activeOnly = new Set(['GET /api/v1/export', 'GET /api/v1/person/birthday-list']);

const managesCanary = (role: Role, canary: Canary, w: SecurityWorld) =>
  role === 'admin' || (role === 'clubManager' && canary.clubId === w.clubA);

function mayRevealArchived(role: Role, route: string, url: string, canary: Canary, w: SecurityWorld) {
  if (activeOnly.has(route)) return false;
  if (role === 'admin') return true;
  if (!managesCanary(role, canary, w) || personLists.has(route)) return false;
  // Her managers: on her own pages and on her club's page.
  return url.includes(canary.id) || url.includes(`/club/${canary.clubId}/`);
}

export function forbiddenMarkers(
  w: SecurityWorld,
  c: Canaries,
  secrets: readonly Marker[],
  role: Role,
  route: string,
  url: string,
): Marker[] {
  const markers: Marker[] = [...secrets];
  const personOf = (canary: Canary, what: string) => [
    { text: canary.lastname, what },
    { text: canary.id, what },
  ];
  for (const archived of [c.archivedA, c.archivedB]) {
    if (!mayRevealArchived(role, route, url, archived, w)) {
      markers.push(...personOf(archived, `archived person ${archived.lastname}`));
    }
  }
  // The dashboard's birthday list shows birthdays to whoever sees the dashboard for that club
  // (spec 01 §2, §6: the committee sees every club); elsewhere only managers see them.
  const isCommitteeBirthdayList = role === 'centralCommittee' && route === 'GET /api/v1/person/birthday-list';
  for (const canary of [c.activeA, c.activeB, c.archivedA, c.archivedB]) {
    if (!managesCanary(role, canary, w) && !isCommitteeBirthdayList) {
      markers.push(
        ...birthdayMarkers(canary.birthday).map((text) => ({ text, what: `birthday of ${canary.lastname}` })),
      );
    }
  }
  if (role === 'clubManager' && clubScoped.has(route)) {
    markers.push(...personOf(c.activeB, 'a person of a club she does not manage'));
  }
  const isAdminReadingHerInbox =
    role === 'admin' && route === 'GET /api/v1/notification' && url.includes(`PersonId=${c.activeA.id}`);
  if (!isAdminReadingHerInbox) markers.push({ text: c.notificationTitle, what: "another person's notification" });
  if (role !== 'admin') markers.push({ text: c.acceptedTermsAt.slice(0, 10), what: 'the accepted-terms time' });
  // docs/decisions/events.md: a Planning event has no public page; the signed-in lists show it
  // to admins and its club's event managers; its own page (by id) to every signed-in user.
  const isPublicPath = url.startsWith('/api/v1/event-public') || url.startsWith('/api/v1/event-category-public');
  for (const [event, clubId] of [
    [c.planningA, w.clubA],
    [c.planningB, w.clubB],
  ] as const) {
    const mayList = role === 'admin' || (role === 'eventManager' && clubId === w.clubA);
    const isItsPage = role !== 'anonymous' && url.includes(event.id);
    if (isPublicPath || !(mayList || isItsPage))
      markers.push({ text: event.title, what: `a Planning event (${event.title})` });
  }
  // A registrant's e-mail: the event's managers (club B's) and admins only.
  if (role !== 'admin') markers.push({ text: c.guestEmailB, what: "a registrant's e-mail" });
  return markers;
}

/** Field rules a marker cannot express: manager-only fields of the person detail are null. */
export function fieldLeaks(w: SecurityWorld, c: Canaries, role: Role, route: string, url: string, body: unknown) {
  if (route !== 'GET /api/v1/person/:id' || typeof body !== 'object' || body === null) return [];
  const canary = [c.activeA, c.activeB, c.archivedA, c.archivedB].find((x) => url.endsWith(x.id));
  const detail = body as { isPresentationDone?: unknown };
  if (!canary || managesCanary(role, canary, w) || detail.isPresentationDone == null) return [];
  return [`isPresentationDone of ${canary.lastname}`];
}
