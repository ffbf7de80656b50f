import { CustomFieldMode, CustomFieldType } from '@bpw/domain/enums/custom-field';
import type { EventCustomField } from '@bpw/domain/schemas/event-custom-field';
import { describe, expect, it } from 'vitest';
import { emptyRegistrationValues, registrationFormSchema, toRegistrationBody } from './registration-form-schema';

const field = (overrides: Partial<EventCustomField>): EventCustomField => ({
  id: '00000000-0000-4000-8000-000000000001',
  eventId: '00000000-0000-4000-8000-0000000000aa',
  eventCustomFieldType: CustomFieldType.string,
  title: 'Menü',
  eventCustomFieldModeMember: CustomFieldMode.optional,
  eventCustomFieldModeGuest: CustomFieldMode.optional,
  showInList: false,
  sortOrder: 0,
  eventCustomFieldOptions: [],
  ...overrides,
});

const profile = {
  firstname: 'Julia',
  lastname: 'Widmer',
  email: 'julia@example.ch',
  street: 'Bahnhofstrasse 1',
  zip: '8001',
  city: 'Zürich',
  countryCode: 'CH',
};

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('registration form schema', () => {
  it('starts from the profile and with CH for a guest', () => {
    expect(emptyRegistrationValues([], 'member', profile)).toMatchObject(profile);
    expect(emptyRegistrationValues([], 'guest', null).countryCode).toBe('CH');
  });

  it('requires the registrant fields', () => {
    const result = registrationFormSchema([], 'guest').safeParse(emptyRegistrationValues([], 'guest', null));
    expect(issuesOf(result).map(([path]) => path)).toEqual(['firstname', 'lastname', 'email', 'street', 'zip', 'city']);
  });

  it('requires a field in required mode for its audience only', () => {
    const menu = field({ eventCustomFieldModeMember: CustomFieldMode.required });
    const member = registrationFormSchema([menu], 'member').safeParse(
      emptyRegistrationValues([menu], 'member', profile),
    );
    expect(issuesOf(member)).toEqual([[`customValues.${menu.id}`, 'required']]);
    const guestValues = { ...emptyRegistrationValues([menu], 'guest', profile) };
    expect(registrationFormSchema([menu], 'guest').safeParse(guestValues).success).toBe(true);
  });

  it('checks values by type and leaves hidden fields out', () => {
    const count = field({ eventCustomFieldType: CustomFieldType.number, title: 'Anzahl' });
    const hidden = field({
      id: '00000000-0000-4000-8000-000000000002',
      eventCustomFieldModeGuest: CustomFieldMode.hidden,
      eventCustomFieldModeMember: CustomFieldMode.required,
    });
    const values = emptyRegistrationValues([count, hidden], 'guest', profile);
    expect(Object.keys(values.customValues)).toEqual([count.id]);
    const schema = registrationFormSchema([count, hidden], 'guest');
    expect(issuesOf(schema.safeParse({ ...values, customValues: { [count.id]: 'zwei' } }))).toEqual([
      [`customValues.${count.id}`, 'number'],
    ]);
    expect(schema.safeParse({ ...values, customValues: { [count.id]: '2,5' } }).success).toBe(true);
  });

  it('sends only the values given', () => {
    const menu = field({});
    const schema = registrationFormSchema([menu], 'member');
    const body = toRegistrationBody(
      schema.parse({
        ...emptyRegistrationValues([menu], 'member', profile),
        remarks: '  ',
        customValues: { [menu.id]: '' },
      }),
    );
    expect(body).toMatchObject({ ...profile, remarks: null, eventCustomFieldValues: [] });
    const withValue = toRegistrationBody(
      schema.parse({ ...emptyRegistrationValues([menu], 'member', profile), customValues: { [menu.id]: 'Vegi' } }),
    );
    expect(withValue.eventCustomFieldValues).toEqual([{ eventCustomFieldId: menu.id, value: 'Vegi' }]);
  });
});
