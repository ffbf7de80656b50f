import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CustomFieldDefinition,
  checkCustomFieldValues,
  normalizeCustomFieldValue,
  visibleFieldsFor,
} from './custom-field-values';
import { CustomFieldMode, CustomFieldType } from './enums/custom-field';

const { hidden, optional, required } = CustomFieldMode;
let n = 0;
const field = (overrides: Partial<CustomFieldDefinition> = {}): CustomFieldDefinition => ({
  id: `f${++n}`,
  eventCustomFieldType: CustomFieldType.string,
  title: `Field ${n}`,
  eventCustomFieldModeMember: optional,
  eventCustomFieldModeGuest: optional,
  eventCustomFieldOptions: [],
  ...overrides,
});
const ofType = (type: number) => field({ eventCustomFieldType: type });

describe('normalizeCustomFieldValue', () => {
  it('accepts real ISO dates only', () => {
    const date = ofType(CustomFieldType.date);
    expect(normalizeCustomFieldValue(date, '2026-02-28')).toEqual({ value: '2026-02-28' });
    expect(normalizeCustomFieldValue(date, '2026-02-30')).toEqual({ code: 'date' });
    expect(normalizeCustomFieldValue(date, '28.02.2026')).toEqual({ code: 'date' });
  });

  it('checks e-mail addresses and trims them', () => {
    const email = ofType(CustomFieldType.email);
    expect(normalizeCustomFieldValue(email, ' anna@example.ch ')).toEqual({ value: 'anna@example.ch' });
    expect(normalizeCustomFieldValue(email, 'anna@')).toEqual({ code: 'email' });
  });

  it('reads numbers with a decimal point or comma', () => {
    const number = ofType(CustomFieldType.number);
    expect(normalizeCustomFieldValue(number, '42')).toEqual({ value: '42' });
    expect(normalizeCustomFieldValue(number, '-3,5')).toEqual({ value: '-3.5' });
    expect(normalizeCustomFieldValue(number, '1e5')).toEqual({ code: 'number' });
    expect(normalizeCustomFieldValue(number, 'zwei')).toEqual({ code: 'number' });
  });

  it('takes only the texts true and false as booleans', () => {
    const boolean = ofType(CustomFieldType.boolean);
    expect(normalizeCustomFieldValue(boolean, 'true')).toEqual({ value: 'true' });
    expect(normalizeCustomFieldValue(boolean, 'false')).toEqual({ value: 'false' });
    expect(normalizeCustomFieldValue(boolean, 'yes')).toEqual({ code: 'boolean' });
  });

  it('takes an option only when it is one of the options', () => {
    const option = field({ eventCustomFieldType: CustomFieldType.option, eventCustomFieldOptions: [{ value: 'M' }] });
    expect(normalizeCustomFieldValue(option, 'M')).toEqual({ value: 'M' });
    expect(normalizeCustomFieldValue(option, 'XL')).toEqual({ code: 'invalid' });
  });

  it('never throws and answers a value or a code for any text and type', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 8 }), (text, type) => {
        const result = normalizeCustomFieldValue(ofType(type), text);
        expect('value' in result || 'code' in result).toBe(true);
      }),
    );
  });
});

describe('checkCustomFieldValues', () => {
  it('hides fields by the audience mode', () => {
    const forMembers = field({ eventCustomFieldModeGuest: hidden });
    const forGuests = field({ eventCustomFieldModeMember: hidden });
    expect(visibleFieldsFor([forMembers, forGuests], 'member')).toEqual([forMembers]);
    expect(visibleFieldsFor([forMembers, forGuests], 'guest')).toEqual([forGuests]);
  });

  it('refuses a value for a field hidden from the audience, of another event or given twice', () => {
    const memberOnly = field({ eventCustomFieldModeGuest: hidden });
    const open = field();
    const check = (values: { eventCustomFieldId: string; value: string }[]) =>
      checkCustomFieldValues([memberOnly, open], values, { audience: 'guest' }).issues;
    expect(check([{ eventCustomFieldId: memberOnly.id, value: 'x' }])).toEqual([
      { field: 'eventCustomFieldValues', code: 'invalid' },
    ]);
    expect(check([{ eventCustomFieldId: 'elsewhere', value: 'x' }])).toHaveLength(1);
    expect(
      check([
        { eventCustomFieldId: open.id, value: 'a' },
        { eventCustomFieldId: open.id, value: 'b' },
      ]),
    ).toHaveLength(1);
  });

  it('requires a required field of the audience, but not a field required only for the other one', () => {
    const guestRequired = field({ title: 'T-Shirt', eventCustomFieldModeGuest: required });
    expect(checkCustomFieldValues([guestRequired], [], { audience: 'guest' }).issues).toEqual([
      { field: 'T-Shirt', code: 'required' },
    ]);
    expect(checkCustomFieldValues([guestRequired], [], { audience: 'member' }).issues).toEqual([]);
    expect(
      checkCustomFieldValues([guestRequired], [{ eventCustomFieldId: guestRequired.id, value: '  ' }], {
        audience: 'guest',
      }).issues,
    ).toEqual([{ field: 'T-Shirt', code: 'required' }]);
  });

  it('reports a wrong value once, with its type message rather than also "required"', () => {
    const age = field({
      title: 'Alter',
      eventCustomFieldType: CustomFieldType.number,
      eventCustomFieldModeMember: required,
    });
    const result = checkCustomFieldValues([age], [{ eventCustomFieldId: age.id, value: 'alt' }], {
      audience: 'member',
    });
    expect(result.issues).toEqual([{ field: 'Alter', code: 'number' }]);
  });

  it('stores only non-empty values, normalised', () => {
    const a = ofType(CustomFieldType.number);
    const b = field();
    const result = checkCustomFieldValues(
      [a, b],
      [
        { eventCustomFieldId: a.id, value: '2,5' },
        { eventCustomFieldId: b.id, value: null },
      ],
      { audience: 'member' },
    );
    expect(result).toEqual({ values: [{ eventCustomFieldId: a.id, value: '2.5' }], issues: [] });
  });

  it('lets staff fill every field, checking types but not required modes (soft validation)', () => {
    const hiddenForAll = field({ eventCustomFieldModeGuest: hidden, eventCustomFieldModeMember: hidden });
    const mustHave = field({ eventCustomFieldModeGuest: required, eventCustomFieldModeMember: required });
    const date = field({ eventCustomFieldType: CustomFieldType.date, title: 'Datum' });
    const result = checkCustomFieldValues(
      [hiddenForAll, mustHave, date],
      [
        { eventCustomFieldId: hiddenForAll.id, value: 'intern' },
        { eventCustomFieldId: date.id, value: 'gestern' },
      ],
      { audience: 'staff', isSoft: true },
    );
    expect(result.values).toEqual([{ eventCustomFieldId: hiddenForAll.id, value: 'intern' }]);
    expect(result.issues).toEqual([{ field: 'Datum', code: 'date' }]);
  });
});
