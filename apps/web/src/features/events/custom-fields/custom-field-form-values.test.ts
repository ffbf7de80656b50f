import { CustomFieldMode, CustomFieldType } from '@bpw/domain/enums/custom-field';
import { eventCustomFieldUpdateBodySchema } from '@bpw/domain/schemas/event-custom-field';
import { describe, expect, it } from 'vitest';
import { customFieldValuesOf, newCustomFieldValues } from './custom-field-form-values';

describe('the custom field form', () => {
  it('puts a new field after the last one, at most at 20', () => {
    expect(newCustomFieldValues([]).sortOrder).toBe(0);
    expect(newCustomFieldValues([{ sortOrder: 3 }, { sortOrder: 7 }]).sortOrder).toBe(8);
    expect(newCustomFieldValues([{ sortOrder: 20 }]).sortOrder).toBe(20);
  });

  it('cannot save a new field before it has a title', () => {
    const result = eventCustomFieldUpdateBodySchema.safeParse(newCustomFieldValues([]));
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['title', 'required']]);
  });

  it('needs at least one option for an Option field, and clears the options of another type', () => {
    const values = { ...newCustomFieldValues([]), title: 'Menü', type: CustomFieldType.option };
    expect(eventCustomFieldUpdateBodySchema.safeParse(values).error?.issues[0]?.path).toEqual([
      'eventCustomFieldOptions',
    ]);
    const text = { ...values, type: CustomFieldType.string, eventCustomFieldOptions: [{ value: 'Fisch' }] };
    expect(eventCustomFieldUpdateBodySchema.parse(text).eventCustomFieldOptions).toEqual([]);
  });

  it('keeps the ids of existing options, so renaming one keeps the registrations that chose it', () => {
    const values = customFieldValuesOf({
      id: 'f1',
      eventId: 'e1',
      eventCustomFieldType: CustomFieldType.option,
      title: 'Menü',
      eventCustomFieldModeMember: CustomFieldMode.required,
      eventCustomFieldModeGuest: CustomFieldMode.hidden,
      showInList: true,
      sortOrder: 2,
      eventCustomFieldOptions: [
        { id: '8d0b7a2e-4c1f-4a53-9a55-3f2d3c1b9e10', eventCustomFieldId: 'f1', value: 'Fisch' },
      ],
    });
    const body = eventCustomFieldUpdateBodySchema.parse({
      ...values,
      eventCustomFieldOptions: [...values.eventCustomFieldOptions, { id: null, value: 'Vegi' }],
    });
    expect(body.eventCustomFieldOptions).toEqual([
      { id: '8d0b7a2e-4c1f-4a53-9a55-3f2d3c1b9e10', value: 'Fisch' },
      { id: null, value: 'Vegi' },
    ]);
  });
});
