import { EventState } from '@bpw/domain/enums/event';
import type { LanguageCode } from '@bpw/domain/enums/language';
import { isClubRelatedNotificationType, NotificationChannel, NotificationType } from '@bpw/domain/enums/notification';
import { PublicationState } from '@bpw/domain/enums/publication-state';
import { RegistrationState } from '@bpw/domain/enums/registration';
import type { notifications, notificationSubscriptions } from '../schema/index';
import type { DemoEvent } from './demo-events';
import type { DemoRoles } from './demo-memberships';
import type { DemoClub, DemoPerson } from './demo-persons';
import { addDays, between, type Rng } from './demo-random';
import type { DemoRegistration } from './demo-registrations';

const N = NotificationType;
type Text = readonly [title: string, content: string];

/** Title and HTML content by type and language; {event} and {club} are replaced (escaped). */
// prettier-ignore
const texts: Record<NotificationType, Record<LanguageCode, Text>> = {
  [N.EventRegistrationStateChanged]: {
    de: ['Anmeldung bestätigt', '<p>Ihre Anmeldung für <strong>{event}</strong> ist bestätigt.</p>'],
    fr: ['Inscription confirmée', '<p>Votre inscription à <strong>{event}</strong> est confirmée.</p>'],
    it: ['Iscrizione confermata', '<p>La sua iscrizione a <strong>{event}</strong> è confermata.</p>'],
    en: ['Registration confirmed', '<p>Your registration for <strong>{event}</strong> is confirmed.</p>'],
  },
  [N.EventPublished]: {
    de: ['Neuer Anlass für {club}', '<p><strong>{event}</strong> wurde für {club} publiziert.</p>'],
    fr: ['Nouvel événement pour {club}', '<p><strong>{event}</strong> a été publié pour {club}.</p>'],
    it: ['Nuovo evento per {club}', '<p><strong>{event}</strong> è stato pubblicato per {club}.</p>'],
    en: ['New event for {club}', '<p><strong>{event}</strong> was published for {club}.</p>'],
  },
  [N.BookedEventUpdated]: {
    de: ['Anlass geändert', '<p>Der Anlass <strong>{event}</strong>, für den Sie angemeldet sind, wurde geändert.</p>'],
    fr: ['Événement modifié', '<p>L’événement <strong>{event}</strong> auquel vous êtes inscrite a été modifié.</p>'],
    it: ['Evento modificato', '<p>L’evento <strong>{event}</strong> a cui è iscritta è stato modificato.</p>'],
    en: ['Event updated', '<p>The event <strong>{event}</strong> you registered for has been updated.</p>'],
  },
  [N.BookedEventsReminder]: {
    de: ['Erinnerung an Ihren Anlass', '<p>In drei Tagen findet <strong>{event}</strong> statt. Wir freuen uns auf Sie!</p>'],
    fr: ['Rappel de votre événement', '<p><strong>{event}</strong> a lieu dans trois jours. À bientôt !</p>'],
    it: ['Promemoria del suo evento', '<p><strong>{event}</strong> si terrà tra tre giorni. A presto!</p>'],
    en: ['Event reminder', '<p><strong>{event}</strong> takes place in three days. See you there!</p>'],
  },
  [N.EventRegistrationDeadlineReminder]: {
    de: ['Anmeldeschluss naht', '<p>Die Anmeldung für <strong>{event}</strong> ({club}) schliesst bald.</p>'],
    fr: ['Fin des inscriptions proche', '<p>Les inscriptions pour <strong>{event}</strong> ({club}) se terminent bientôt.</p>'],
    it: ['Chiusura iscrizioni vicina', '<p>Le iscrizioni per <strong>{event}</strong> ({club}) chiudono presto.</p>'],
    en: ['Registration closes soon', '<p>Registration for <strong>{event}</strong> ({club}) closes soon.</p>'],
  },
  // The demo writes none of these (it has no applications); the record wants every type.
  [N.MembershipApplicationReceived]: {
    de: ['Mitgliedschaftsantrag', '<p>Ein Antrag für {club} wartet auf Ihren Entscheid.</p>'],
    fr: ['Demande d’adhésion', '<p>Une demande pour {club} attend votre décision.</p>'],
    it: ['Domanda di adesione', '<p>Una domanda per {club} attende la sua decisione.</p>'],
    en: ['Membership application', '<p>An application for {club} awaits your decision.</p>'],
  },
  // Issue 25's leave and erasure requests: none in the demo either.
  [N.LeaveRequestReceived]: {
    de: ['Austrittsgesuch', '<p>Ein Austrittsgesuch für {club} wartet auf Ihren Entscheid.</p>'],
    fr: ['Demande de sortie', '<p>Une demande de sortie de {club} attend votre décision.</p>'],
    it: ['Richiesta di uscita', '<p>Una richiesta di uscita da {club} attende la sua decisione.</p>'],
    en: ['Leave request', '<p>A request to leave {club} awaits your decision.</p>'],
  },
  [N.LeaveRequestDecided]: {
    de: ['Ihr Austritt', '<p>Ihr Austritt aus {club} ist bestätigt.</p>'],
    fr: ['Votre sortie', '<p>Votre sortie de {club} est confirmée.</p>'],
    it: ['La sua uscita', '<p>La sua uscita da {club} è confermata.</p>'],
    en: ['Your leaving', '<p>Your leaving {club} is confirmed.</p>'],
  },
  [N.ErasureRequested]: {
    de: ['Löschgesuch', '<p>Ein Löschgesuch wartet auf Ihren Entscheid.</p>'],
    fr: ['Demande d’effacement', '<p>Une demande d’effacement attend votre décision.</p>'],
    it: ['Richiesta di cancellazione', '<p>Una richiesta di cancellazione attende la sua decisione.</p>'],
    en: ['Erasure request', '<p>An erasure request awaits your decision.</p>'],
  },
  [N.ErasureRequestDeclined]: {
    de: ['Ihr Löschgesuch', '<p>Ihr Löschgesuch wurde abgelehnt.</p>'],
    fr: ['Votre demande d’effacement', '<p>Votre demande d’effacement a été refusée.</p>'],
    it: ['La sua richiesta di cancellazione', '<p>La sua richiesta di cancellazione è stata respinta.</p>'],
    en: ['Your erasure request', '<p>Your erasure request was declined.</p>'],
  },
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * About 50 web-app notifications, derived from what happened in the demo data (confirmed
 * registrations, reminders, updates, publications, closing registrations) for the account holders
 * subscribed to that type (and club).
 */
export function buildNotifications(
  rng: Rng,
  subscriptions: readonly (typeof notificationSubscriptions.$inferInsert)[],
  registrations: readonly DemoRegistration[],
  demoEvents: readonly DemoEvent[],
  clubs: readonly DemoClub[],
  roles: DemoRoles,
  now: Date,
) {
  const rows: (typeof notifications.$inferInsert)[] = [];
  const key = (personId: string, clubId: string | null | undefined, type: number) =>
    `${personId}|${clubId ?? ''}|${type}`;
  const subscribed = new Set(
    subscriptions
      .filter((s) => s.isApplicationEnabled !== false)
      .map((s) => key(s.personId, s.clubId, s.notificationType)),
  );
  const add = (person: DemoPerson, type: NotificationType, event: DemoEvent, at: Date, club = event.club) => {
    const clubId = isClubRelatedNotificationType(type) ? club.id : null;
    if (!subscribed.has(key(person.row.id, clubId, type)) || at > now) return;
    const [title, content] = texts[type][person.language];
    const fill = (s: string, html: boolean) =>
      s.replace('{event}', html ? escapeHtml(event.plan.title) : event.plan.title).replace(/\{club\}/g, club.name);
    const old = now.getTime() - at.getTime() > 14 * 86_400_000;
    rows.push({
      personId: person.row.id,
      title: fill(title, false),
      content: fill(content, true),
      notificationType: type,
      channel: NotificationChannel.webApp,
      eventId: event.id,
      isRead: rng.chance(old ? 0.75 : 0.2),
      createdAt: at,
    });
  };

  for (const r of registrations) {
    if (!r.person || r.state !== RegistrationState.Confirmed) continue;
    add(r.person, N.EventRegistrationStateChanged, r.event, between(rng, r.registeredAt, addDays(r.registeredAt, 2)));
    if (r.event.from < now) add(r.person, N.BookedEventsReminder, r.event, addDays(r.event.from, -3));
    else if (rng.chance(0.5)) add(r.person, N.BookedEventUpdated, r.event, between(rng, r.registeredAt, now));
  }
  const managersOf = (club: DemoClub) => [
    ...(roles.clubManagersByClub.get(club.id) ?? []),
    ...(roles.eventManagersByClub.get(club.id) ?? []),
  ];
  for (const event of demoEvents) {
    for (const [clubKey, state] of event.plan.publish ?? []) {
      if (state === PublicationState.Rejected) continue;
      const target = clubs.find((c) => c.key === clubKey)!;
      const at = between(rng, event.createdAt, new Date(Math.min(now.getTime(), event.from.getTime())));
      for (const manager of managersOf(target)) add(manager, N.EventPublished, event, at, target);
    }
    if (event.plan.state === EventState.OpenForRegistration && event.registrationTo) {
      const at = between(rng, addDays(now, -4), now);
      for (const manager of managersOf(event.club)) add(manager, N.EventRegistrationDeadlineReminder, event, at);
    }
  }
  return rows;
}
