import { createHash } from 'node:crypto';
import { EventState } from '@bpw/domain/enums/event';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { categoryTitles } from '../../apps/api/src/db/demo/demo-event-texts';
import { venues } from '../../apps/api/src/db/demo/demo-places';
import { registrationRemarks } from '../../apps/api/src/db/demo/demo-names';
import type { Rng } from '../../apps/api/src/db/demo/demo-random';
import type { Clubs } from './clubs';
import { CopyBuffer } from './copy-text';
import { uuidFor } from './ids';
import { type PersonFacts, personEmail, personFirstname, personLastname } from './persons';
import { languages } from './pools';

/**
 * Events over the last ten years and the next one (so the public list has a future), with
 * categories and publications, and their registrations: 70 % members, 30 % guests, each event
 * with distinct persons. Event 0 is open for registration with unlimited slots until far in
 * the future: the benchmark's guest registrations go there.
 */
export const eventTables = {
  event_categories: ['id', 'title'],
  events: [
    'id',
    'title',
    'event_state',
    'event_from',
    'event_to',
    'registration_slots',
    'registration_to',
    'unregistration_to',
    'contact_details',
    'is_registration_list_public',
    'location',
    'street',
    'zip',
    'city',
    'state',
    'country_code',
    'teaser_text',
    'description',
    'default_language_code',
    'geo_coding_status',
    'lat',
    'long',
    'responsible_club_id',
    'created_at',
    'updated_at',
  ],
  event_category_links: ['event_id', 'event_category_id'],
  event_publications: ['id', 'event_id', 'club_id', 'event_publication_state', 'is_locked'],
  event_registrations: [
    'id',
    'event_id',
    'person_id',
    'firstname',
    'lastname',
    'street',
    'city',
    'zip',
    'country_code',
    'email',
    'remarks',
    'event_registration_state',
    'registered_at',
    'unregistered_at',
    'link_key_hash',
  ],
} as const;
export type EventTable = keyof typeof eventTables;
export const newEventBuffers = () =>
  Object.fromEntries(
    Object.entries(eventTables).map(([table, columns]) => [table, new CopyBuffer(table, columns)]),
  ) as Record<EventTable, CopyBuffer>;

const DAY_MS = 86_400_000;
const categoryKeys = Object.keys(categoryTitles) as (keyof typeof categoryTitles)[];
const venueList = Object.values(venues);
const topics = [
  'Verhandeln mit Wirkung',
  'Digitale Transformation',
  'Leadership im Wandel',
  'Equal Pay Day',
  'Finanzen im Griff',
  'Netzwerkapéro',
  'Mentoring-Abend',
  'Generalversammlung',
  'Besuch im Bundeshaus',
  'Soirée réseautage',
  'Serata informativa',
];

export const BENCH_EVENT_INDEX = 0;

export type EventPlan = { count: number; registrable: number[]; from: Float64Array };

/** Appends the categories (once) and events [start, end) to the buffers. */
export function addEvents(
  rng: Rng,
  clubs: Clubs,
  out: Record<EventTable, CopyBuffer>,
  range: { start: number; end: number; count: number; today: number },
  plan: EventPlan,
) {
  if (range.start === 0)
    categoryKeys.forEach((key, i) => out.event_categories.add([uuidFor('category', i), categoryTitles[key]]));
  const spanDays = 11 * 365;
  for (let e = range.start; e < range.end; e++) {
    const isBench = e === BENCH_EVENT_INDEX;
    const offsetDays = isBench ? 60 : Math.floor((e / range.count) * spanDays) - 10 * 365 + rng.int(-3, 3);
    const from = range.today + offsetDays * DAY_MS + rng.int(8, 19) * 3_600_000;
    const isFuture = offsetDays > 0;
    const state = isBench
      ? EventState.OpenForRegistration
      : isFuture
        ? rng.weighted([
            [EventState.OpenForRegistration, 60],
            [EventState.Published, 25],
            [EventState.Planning, 15],
          ] as const)
        : rng.chance(0.8)
          ? EventState.Completed
          : EventState.Archived;
    const slots = isBench
      ? 0
      : rng.weighted([
          [0, 40],
          [rng.int(50, 200), 50],
          [null, 10],
        ] as const);
    if (slots !== null) plan.registrable.push(e);
    plan.from[e] = from;
    const club = rng.chance(0.05) ? 0 : clubs.drawRegional(rng);
    const venue = rng.pick(venueList);
    const language = clubs.language[club]!;
    const title = `${rng.pick(topics)} – ${clubs.name[club]}`;
    const created = from - rng.int(20, 120) * DAY_MS;
    out.events.add([
      uuidFor('event', e),
      title,
      state,
      new Date(from),
      new Date(from + rng.int(1, 4) * 3_600_000),
      slots,
      slots === null ? null : new Date(isBench ? range.today + 3650 * DAY_MS : from - 2 * DAY_MS),
      slots === null ? null : new Date(isBench ? range.today + 3650 * DAY_MS : from - 3 * DAY_MS),
      clubs.name[club]!,
      rng.chance(0.3),
      venue.location,
      venue.street,
      venue.zip,
      venue.city,
      venue.state,
      'CH',
      `${title}: ein Anlass für Mitglieder und Gäste.`,
      rng.chance(0.5) ? `## ${title}\n\nProgramm, Referentinnen und Apéro.` : null,
      language,
      20,
      venue.lat,
      venue.long,
      uuidFor('club', club),
      new Date(created),
      new Date(created),
    ]);
    for (const k of rng.sample([0, 1, 2, 3, 4, 5, 6, 7], rng.int(1, 2))) {
      out.event_category_links.add([uuidFor('event', e), uuidFor('category', k)]);
    }
    if (rng.chance(0.15)) {
      const targets = new Set([clubs.drawRegional(rng), clubs.drawRegional(rng)]);
      targets.delete(club);
      let n = 0;
      for (const target of targets) {
        out.event_publications.add([
          uuidFor('publication', 2 * e + n++),
          uuidFor('event', e),
          uuidFor('club', target),
          20,
          false,
        ]);
      }
    }
  }
}

/**
 * Registrations [start, end) of the registrable events: registration r goes to event
 * r mod (their number), and its person is picked by a stride that is prime to the number of
 * persons, so one event never gets the same person twice.
 */
export function addRegistrations(
  rng: Rng,
  persons: PersonFacts,
  plan: EventPlan,
  out: Record<EventTable, CopyBuffer>,
  range: { start: number; end: number; today: number },
) {
  const events = plan.registrable.length;
  for (let r = range.start; r < range.end; r++) {
    const slot = r % events;
    const round = Math.floor(r / events);
    const e = plan.registrable[slot]!;
    const from = plan.from[e]!;
    const isPast = from < range.today;
    const isMember = rng.chance(0.7);
    const p = (slot * 7919 + round * 104_729) % persons.count;
    const state = isPast
      ? rng.weighted([
          [RegistrationState.Confirmed, 85],
          [RegistrationState.Unregistered, 10],
          [RegistrationState.Pending, 5],
        ] as const)
      : rng.chance(0.9)
        ? RegistrationState.Confirmed
        : RegistrationState.Pending;
    const registeredAt = from - rng.int(3, 40) * DAY_MS;
    const language = languages[persons.language[p]!]!;
    out.event_registrations.add([
      uuidFor('registration', r),
      uuidFor('event', e),
      isMember ? uuidFor('person', p) : null,
      isMember ? personFirstname(persons, p) : `Gast${language === 'fr' ? 'e' : ''}`,
      isMember ? personLastname(persons, p) : `Nummer ${r}`,
      `Bahnhofstrasse ${1 + (r % 99)}`,
      'Bern',
      '3011',
      'CH',
      isMember ? personEmail(persons, p) : `guest.${r.toString(36)}@example.org`,
      rng.chance(0.1) ? rng.pick(registrationRemarks) : null,
      state,
      new Date(registeredAt),
      state === RegistrationState.Unregistered ? new Date(registeredAt + DAY_MS) : null,
      createHash('sha256').update(`bench-registration-${r}`).digest('hex'),
    ]);
  }
}
