import { CustomFieldType } from '@bpw/domain/enums/custom-field';
import type { TFunction } from 'i18next';
import { formatDate } from '../shared/format-event-date';

/** A custom field's stored value as the list shows it: yes/no for a boolean, a date in the locale. */
export function customValueText(
  field: { id: string; eventCustomFieldType: number },
  values: readonly { eventCustomFieldId: string; value: string }[],
  t: TFunction,
  locale: string,
): string {
  const value = values.find((item) => item.eventCustomFieldId === field.id)?.value;
  if (value === undefined || value === '') return '';
  if (field.eventCustomFieldType === CustomFieldType.boolean) {
    return t(value === 'true' ? 'eventRegistrationsStaff.yes' : 'eventRegistrationsStaff.no');
  }
  // Dates are stored as YYYY-MM-DD: read at noon UTC so no time zone moves the day.
  if (field.eventCustomFieldType === CustomFieldType.date) return formatDate(`${value}T12:00:00Z`, locale);
  return value;
}
