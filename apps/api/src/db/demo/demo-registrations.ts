import { createHash, randomBytes } from 'node:crypto';
import { CustomFieldMode } from '@bpw/domain/enums/custom-field';
import { EventState } from '@bpw/domain/enums/event';
import { languageCodeValues } from '@bpw/domain/enums/language';
import { PaymentState, PaymentStatus, RegistrationState } from '@bpw/domain/enums/registration';
import type { eventCustomFieldValues, eventRegistrations } from '../schema/index';
import type { EmailRegistry } from './demo-contacts';
import type { DemoEvent, DemoField } from './demo-events';
import { fieldDefs } from './demo-event-texts';
import { femaleFirstnames, lastnames, registrationRemarks, unregistrationRemarks } from './demo-names';
import type { DemoPerson } from './demo-persons';
import { streets } from './demo-places';
import { addDays, asciiSlug, between, type Rng } from './demo-random';

export type DemoRegistration = {
  event: DemoEvent;
  person: DemoPerson | null;
  state: RegistrationState;
  registeredAt: Date;
};

const R = RegistrationState;
const withRegistrations: readonly EventState[] = [
  EventState.OpenForRegistration,
  EventState.Completed,
  EventState.Archived,
];
const isActive = (state: RegistrationState) => state === R.Pending || state === R.Confirmed;

/**
 * The public link carries a random key; only its hash is stored. The keys of demo registrations
 * are thrown away, so they come from the system's random source (nothing else depends on them).
 */
const linkKeyHash = () => createHash('sha256').update(randomBytes(32)).digest('hex');
const earlier = (a: Date, b: Date) => (a < b ? a : b);

/**
 * About 150 registrations of members and guests on the events open for registration and the past
 * ones: never more active (Pending, Confirmed) than a limited event's slots, one active
 * registration per person and per e-mail and event.
 */
export function buildRegistrations(
  rng: Rng,
  demoEvents: readonly DemoEvent[],
  people: readonly DemoPerson[],
  emails: EmailRegistry,
  now: Date,
) {
  const rows: (typeof eventRegistrations.$inferInsert)[] = [];
  const valueRows: (typeof eventCustomFieldValues.$inferInsert)[] = [];
  const registrations: DemoRegistration[] = [];
  const candidates = people.filter((p) => p.status !== 'archived');

  for (const event of demoEvents) {
    const { plan } = event;
    if (plan.slots === null || plan.external || !withRegistrations.includes(plan.state)) continue;
    const past = event.from < now;
    const limit = plan.slots > 0 ? plan.slots : Number.POSITIVE_INFINITY;
    const target = plan.full ? plan.slots + 2 : (plan.regs ?? 0);
    const forced = (plan.with ?? []).map(([key, state]) => ({ person: people.find((p) => p.special === key)!, state }));
    const own = candidates.filter((p) => p.club === event.club && !p.special);
    const others = candidates.filter((p) => p.club !== event.club && !p.special);
    const pool = [...rng.shuffle(own), ...rng.shuffle(others)];
    let active = 0;

    for (let n = 0; n < target; n++) {
      const f = forced[n];
      const person = f ? f.person : rng.chance(0.25) ? null : pool.shift()!;
      let state = f?.state ?? pickState(rng, past, plan.full === true);
      if (isActive(state) && active >= limit) state = R.Unregistered;
      if (isActive(state)) active++;

      const latest = new Date(earlier(now, event.registrationTo ?? event.from).getTime() - 3_600_000);
      const registeredAt = between(rng, earlier(event.createdAt, latest), latest);
      const unregisteredAt =
        state === R.Unregistered
          ? between(
              rng,
              registeredAt,
              new Date(Math.max(registeredAt.getTime(), earlier(now, event.unregistrationTo ?? event.from).getTime())),
            )
          : null;
      const paid = plan.cost !== undefined && state === R.Confirmed && (past || rng.chance(0.5));
      const guest = person ? undefined : makeGuest(rng, event, emails);
      const id = rng.uuid();
      rows.push({
        id,
        eventId: event.id,
        personId: person?.row.id ?? null,
        firstname: person?.row.firstname ?? guest!.firstname,
        lastname: person?.row.lastname ?? guest!.lastname,
        street: person?.street ?? guest!.street,
        zip: (person?.town ?? guest!.town)[0],
        city: (person?.town ?? guest!.town)[1],
        state: (person?.town ?? guest!.town)[2],
        countryCode: 'CH',
        email: person?.email ?? guest!.email,
        remarks: rng.chance(0.15) ? rng.pick(registrationRemarks) : null,
        unregistrationRemarks: unregisteredAt && rng.chance(0.5) ? rng.pick(unregistrationRemarks) : null,
        paymentStatus: paid ? PaymentStatus.Paid : PaymentStatus.Unpaid,
        paymentState: paid && rng.chance(0.4) ? PaymentState.Successful : PaymentState.Unavailable,
        eventRegistrationState: state,
        registeredAt,
        unregisteredAt,
        linkKeyHash: linkKeyHash(),
      });
      for (const field of event.fields) {
        const value = fieldValue(rng, field, person, guest?.lastname, person?.email ?? guest!.email);
        if (value !== undefined) valueRows.push({ registrationId: id, eventCustomFieldId: field.id, value });
      }
      registrations.push({ event, person, state, registeredAt });
    }
  }
  return { rows, valueRows, registrations };
}

/** Past events: mostly Confirmed; open ones: Pending and Confirmed; full ones lose nobody before the slots are gone. */
function pickState(rng: Rng, past: boolean, full: boolean): RegistrationState {
  const unregistered = full ? 0 : 15;
  if (past)
    return rng.weighted([
      [R.Confirmed, 85],
      [R.Unregistered, unregistered],
    ] as const);
  return rng.weighted([
    [R.Pending, 30],
    [R.Confirmed, 55],
    [R.Unregistered, unregistered],
  ] as const);
}

function makeGuest(rng: Rng, event: DemoEvent, emails: EmailRegistry) {
  const language = rng.pick(languageCodeValues);
  const firstname = rng.pick(femaleFirstnames[language]);
  const lastname = rng.pick(lastnames[language]);
  const town = rng.pick(event.club.towns);
  const street = `${rng.pick(streets[event.club.language])} ${rng.int(1, 80)}`;
  const email = emails.unique(`${asciiSlug(firstname)}.${asciiSlug(lastname)}`, 'example.com');
  return { firstname, lastname, town, street, email };
}

/** A value for a field that is not hidden for this kind of registrant: required always, optional often. */
function fieldValue(
  rng: Rng,
  field: DemoField,
  person: DemoPerson | null,
  guestLastname: string | undefined,
  email: string,
) {
  const def = fieldDefs[field.key];
  const mode = person ? def.modeMember : def.modeGuest;
  if (mode === CustomFieldMode.hidden || (mode === CustomFieldMode.optional && rng.chance(0.4))) return undefined;
  switch (field.key) {
    case 'menu':
    case 'level':
      return rng.pick(field.options);
    case 'allergies':
      return rng.pick(['Laktose', 'Nüsse', 'Gluten', 'Keine']);
    case 'apero':
      return rng.chance(0.8) ? 'true' : 'false';
    case 'company':
      return person?.company ?? `${guestLastname ?? 'Muster'} AG`;
    case 'invoiceEmail':
      return email;
    case 'companions':
      return String(rng.pick([0, 0, 1, 1, 2]));
    case 'birthdate':
      return (
        person?.row.birthday ??
        addDays(new Date(Date.UTC(1960, 0, 1)), rng.int(0, 14_000))
          .toISOString()
          .slice(0, 10)
      );
  }
}
