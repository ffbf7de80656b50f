import { EventRegistrationType, EventState } from '@bpw/domain/enums/event';
import { eventBodySchema, type Event } from '@bpw/domain/schemas/event';
import { describe, expect, it } from 'vitest';
import { eventBodyOf, eventFormSchema, eventValues, newEventValues, type EventFormValues } from './event-form-schema';

const clubId = '0b8c7a4e-3c1f-4f7e-9a55-2d1f8d0c6a11';
const categoryId = '5f0e1c2d-8b7a-4c3e-9d1f-0a2b3c4d5e6f';

const filled = (overrides: Partial<EventFormValues> = {}): EventFormValues => ({
  ...newEventValues(clubId, 'de'),
  title: 'Verhandeln mit Wirkung',
  eventCategoryIds: [categoryId],
  eventFrom: '2030-03-05T17:30:00Z',
  location: 'Kongresshaus',
  street: 'Claridenstrasse 5',
  zip: '8002',
  city: 'Zürich',
  teaserText: 'Ein Abend.',
  ...overrides,
});

const issuesOf = (values: EventFormValues) => {
  const result = eventFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('the event form schema', () => {
  it('accepts a complete new event without registration and gives a body the API accepts', () => {
    const parsed = eventFormSchema.parse(filled());
    const body = eventBodyOf(parsed);
    expect(body).not.toHaveProperty('registrationType');
    expect(body).not.toHaveProperty('eventState');
    expect(body.registrationSlots).toBeNull();
    expect(body.countryCode).toBe('CH');
    expect(eventBodySchema.safeParse(body).success).toBe(true);
  });

  it('names every missing required field (spec 02 §5)', () => {
    const issues = issuesOf(newEventValues('', 'de'));
    for (const field of ['title', 'eventCategoryIds', 'eventFrom', 'location', 'street', 'zip', 'city', 'teaserText']) {
      expect(issues).toContain(`${field}:required`);
    }
    expect(issues).toContain('responsibleClubId:required');
  });

  it('needs a number of slots for limited slots, and only whole numbers', () => {
    const limited = { registrationType: EventRegistrationType.LimitedSlots };
    expect(issuesOf(filled({ ...limited, registrationSlots: null }))).toEqual(['registrationSlots:required']);
    expect(issuesOf(filled({ ...limited, registrationSlots: 2.5 }))).toEqual(['registrationSlots:integer']);
    expect(issuesOf(filled({ ...limited, registrationSlots: Number.NaN }))).toEqual(['registrationSlots:integer']);
    expect(issuesOf(filled({ ...limited, registrationSlots: 12 }))).toEqual([]);
  });

  it('needs an http(s) URL for an external registration', () => {
    const external = { registrationType: EventRegistrationType.ExternalRegistration };
    expect(issuesOf(filled({ ...external, externalRegistrationUrl: null }))).toEqual([
      'externalRegistrationUrl:required',
    ]);
    expect(issuesOf(filled({ ...external, externalRegistrationUrl: 'ftp://example.ch' }))).toEqual([
      'externalRegistrationUrl:url',
    ]);
    expect(issuesOf(filled({ ...external, externalRegistrationUrl: 'https://example.ch/anmeldung' }))).toEqual([]);
  });

  it('refuses an end before the start', () => {
    expect(issuesOf(filled({ eventTo: '2030-03-05T16:00:00Z' }))).toEqual(['eventTo:invalid']);
    expect(issuesOf(filled({ eventTo: '2030-03-05T20:00:00Z' }))).toEqual([]);
  });

  it('reads a stored event back into the form with its registration type and state', () => {
    const event = {
      ...eventBodySchema.parse({ ...filled(), registrationSlots: 20, eventCategoryIds: [categoryId] }),
      id: '3a9d1c2b-7e6f-4a5b-8c9d-0e1f2a3b4c5d',
      eventState: EventState.OpenForRegistration,
      eventCategories: [{ id: categoryId, title: 'Workshop' }],
      availableRegistrationSlots: 20,
      registrationType: EventRegistrationType.LimitedSlots,
      geoCodingStatus: 0,
      lat: null,
      long: null,
      responsibleClub: { id: clubId, name: 'BPW Zürich' },
      eventImageId: null,
    } as unknown as Event;
    const values = eventValues(event);
    expect(values.registrationType).toBe(EventRegistrationType.LimitedSlots);
    expect(values.eventState).toBe(EventState.OpenForRegistration);
    expect(values.eventCategoryIds).toEqual([categoryId]);
    expect(values.contactDetails).toBe('');
    expect(issuesOf(values)).toEqual([]);
  });
});
