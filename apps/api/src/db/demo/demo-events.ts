import { GeocodingStatus } from '@bpw/domain/enums/event';
import type {
  eventCategories,
  eventCategoryLinks,
  eventCustomFieldOptions,
  eventCustomFields,
  eventPublications,
  events,
} from '../schema/index';
import { type EventPlan, eventPlans } from './demo-event-plans';
import { type CategoryKey, categoryTitles, describeEvent, type FieldKey, fieldDefs } from './demo-event-texts';
import type { DemoRoles } from './demo-memberships';
import type { DemoClub } from './demo-persons';
import { venues } from './demo-places';
import { addDays, between, type Rng, zurichTime } from './demo-random';

export type DemoField = { id: string; key: FieldKey; options: readonly string[] };
export type DemoEvent = {
  plan: EventPlan;
  id: string;
  club: DemoClub;
  from: Date;
  registrationTo: Date | null;
  unregistrationTo: Date | null;
  createdAt: Date;
  fields: DemoField[];
};

export const EXTERNAL_REGISTRATION_URL = 'https://example.ch/anmeldung';
const HOUR_MS = 3_600_000;

/** Categories, the 30 events with their category links, custom fields and publications. */
export function buildEvents(rng: Rng, clubs: readonly DemoClub[], roles: DemoRoles, today: Date, now: Date) {
  const categoryIds = new Map<CategoryKey, string>();
  const categoryRows: (typeof eventCategories.$inferInsert)[] = [];
  for (const [key, title] of Object.entries(categoryTitles) as [CategoryKey, string][]) {
    const id = rng.uuid();
    categoryIds.set(key, id);
    categoryRows.push({ id, title });
  }
  const clubByKey = new Map(clubs.map((c) => [c.key, c]));
  const eventRows: (typeof events.$inferInsert)[] = [];
  const linkRows: (typeof eventCategoryLinks.$inferInsert)[] = [];
  const fieldRows: (typeof eventCustomFields.$inferInsert)[] = [];
  const optionRows: (typeof eventCustomFieldOptions.$inferInsert)[] = [];
  const publicationRows: (typeof eventPublications.$inferInsert)[] = [];
  const demoEvents: DemoEvent[] = [];

  for (const plan of eventPlans) {
    const club = clubByKey.get(plan.club)!;
    const venue = venues[plan.venue];
    const [hour, minute, hours] = plan.at;
    const from = zurichTime(addDays(today, plan.day), hour, minute);
    const internal = plan.slots !== null && !plan.external;
    const registrationTo = internal ? addDays(from, -3) : null;
    const unregistrationTo = internal ? addDays(from, -5) : null;
    const manager = roles.eventManagersByClub.get(club.id)?.[0];
    const createdTo = new Date(Math.min(now.getTime(), addDays(from, -60).getTime()));
    const createdAt = between(rng, addDays(createdTo, -60), createdTo);
    const id = rng.uuid();
    eventRows.push({
      id,
      title: plan.title,
      eventState: plan.state,
      eventFrom: from,
      eventTo: new Date(from.getTime() + hours * HOUR_MS),
      registrationSlots: plan.external ? null : plan.slots,
      registrationTo,
      unregistrationTo,
      externalRegistrationUrl: plan.external ? EXTERNAL_REGISTRATION_URL : null,
      contactDetails: manager
        ? `${club.name}\n${manager.row.firstname} ${manager.row.lastname}\n${manager.email}`
        : club.name,
      isRegistrationListPublic: internal && rng.chance(0.3),
      location: venue.location,
      street: venue.street,
      zip: venue.zip,
      city: venue.city,
      state: venue.state,
      countryCode: 'CH',
      teaserText: plan.teaser,
      description: describeEvent(plan, venue, club.name),
      cost: plan.cost ?? null,
      defaultLanguageCode: plan.lang,
      geoCodingStatus: plan.geo ? GeocodingStatus.Successful : GeocodingStatus.Pending,
      lat: plan.geo ? venue.lat : null,
      long: plan.geo ? venue.long : null,
      responsibleClubId: club.id,
      createdAt,
      createdBy: manager?.row.id ?? null,
      updatedAt: between(rng, createdAt, new Date(Math.min(now.getTime(), from.getTime()))),
      updatedBy: manager?.row.id ?? null,
    });
    for (const cat of plan.cats) linkRows.push({ eventId: id, eventCategoryId: categoryIds.get(cat)! });

    const fields: DemoField[] = [];
    for (const [sortOrder, key] of (plan.fields ?? []).entries()) {
      const def = fieldDefs[key];
      const field: DemoField = { id: rng.uuid(), key, options: 'options' in def ? def.options : [] };
      fields.push(field);
      const { type, title, modeMember, modeGuest, showInList } = def;
      fieldRows.push({ id: field.id, eventId: id, type, title, modeMember, modeGuest, showInList, sortOrder });
      for (const [n, value] of field.options.entries()) {
        optionRows.push({ eventCustomFieldId: field.id, value, sortOrder: n });
      }
    }
    for (const [clubKey, eventPublicationState, isLocked] of plan.publish ?? []) {
      const target = clubByKey.get(clubKey)!;
      publicationRows.push({ eventId: id, clubId: target.id, eventPublicationState, isLocked: isLocked ?? false });
    }
    demoEvents.push({ plan, id, club, from, registrationTo, unregistrationTo, createdAt, fields });
  }
  return { demoEvents, categoryRows, eventRows, linkRows, fieldRows, optionRows, publicationRows };
}
