import { CustomFieldMode, CustomFieldType } from '@bpw/domain/enums/custom-field';
import { PaymentState, PaymentStatus, RegistrationState } from '@bpw/domain/enums/registration';
import type { EventRegistration } from '@bpw/domain/schemas/event-registration';
import { describe, expect, it } from 'vitest';
import { registrationEditSchema, registrationEditValues, toRegistrationUpdateBody } from './registration-edit-schema';

const field = (id: string, eventCustomFieldType: number, options: string[] = []) => ({
  id,
  eventCustomFieldType,
  title: `Field ${id}`,
  eventCustomFieldModeMember: CustomFieldMode.required,
  eventCustomFieldModeGuest: CustomFieldMode.required,
  eventCustomFieldOptions: options.map((value) => ({ value })),
});
const fields = [field('n', CustomFieldType.number), field('o', CustomFieldType.option, ['Fisch', 'Vegi'])];

const registration: EventRegistration = {
  id: 'r1',
  eventId: 'e1',
  event: {
    id: 'e1',
    title: 'Clubabend',
    eventState: 20,
    eventFrom: '2026-05-01T17:00:00Z',
    eventTo: null,
    location: 'Zunfthaus',
    street: 'Münsterhof 20',
    zip: '8001',
    city: 'Zürich',
    unregistrationTo: null,
    eventImageId: null,
    responsibleClub: { id: 'c1', name: 'BPW Zürich' },
  },
  personId: null,
  person: null,
  firstname: 'Anna',
  lastname: 'Muster',
  address1: null,
  address2: null,
  street: 'Bahnhofstrasse 1',
  city: 'Zürich',
  zip: '8001',
  county: null,
  state: null,
  countryCode: 'CH',
  email: 'anna@example.com',
  remarks: null,
  unregistrationRemarks: null,
  paymentState: PaymentState.Unavailable,
  paymentStatus: PaymentStatus.Unpaid,
  eventRegistrationState: RegistrationState.Pending,
  registeredAt: '2026-04-01T10:00:00Z',
  unregisteredAt: null,
  expiresAt: null,
  waitingListPlace: null,
  movedUpAt: null,
  checkIn: null,
  eventCustomFieldValues: [{ id: 'v1', eventCustomFieldId: 'o', value: 'Vegi' }],
};

describe('the staff registration form', () => {
  it('starts from the registration, with an empty text for each unanswered field', () => {
    const values = registrationEditValues(registration, fields);
    expect(values.customValues).toEqual({ n: '', o: 'Vegi' });
    expect(values.address1).toBe('');
  });

  it('leaves a required custom field empty without complaint (soft validation)', () => {
    const result = registrationEditSchema(fields).safeParse(registrationEditValues(registration, fields));
    expect(result.success).toBe(true);
  });

  it('refuses a value of the wrong type and an unknown option, naming the field', () => {
    const values = { ...registrationEditValues(registration, fields), customValues: { n: 'zwei', o: 'Fleisch' } };
    const result = registrationEditSchema(fields).safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['customValues.n', 'number'],
      ['customValues.o', 'invalid'],
    ]);
  });

  it('requires firstname, lastname, street, zip, city and a valid email', () => {
    const empty = { ...registrationEditValues(registration, fields), firstname: ' ', street: '', email: 'nope' };
    const result = registrationEditSchema(fields).safeParse(empty);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['firstname', 'required'],
      ['email', 'email'],
      ['street', 'required'],
    ]);
  });

  it('sends the non-empty custom values and empty optional texts as null', () => {
    const parsed = registrationEditSchema(fields).parse({
      ...registrationEditValues(registration, fields),
      customValues: { n: '2,5', o: '' },
    });
    const body = toRegistrationUpdateBody(parsed);
    expect(body.eventCustomFieldValues).toEqual([{ eventCustomFieldId: 'n', value: '2,5' }]);
    expect(body.address1).toBeNull();
    expect(body.countryCode).toBe('CH');
  });
});
