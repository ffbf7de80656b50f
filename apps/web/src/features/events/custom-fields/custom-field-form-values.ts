import { CustomFieldMode, CustomFieldType } from '@bpw/domain/enums/custom-field';
import {
  customFieldSortOrderMax,
  type EventCustomField,
  type EventCustomFieldUpdateInput,
} from '@bpw/domain/schemas/event-custom-field';

/** The form holds the API's update payload (spec 02 §5 "Custom field definition"). */
export type CustomFieldFormValues = Required<EventCustomFieldUpdateInput>;

/** A new field goes after the last one (sort order 0 to 20); both modes start optional. */
export function newCustomFieldValues(existing: readonly { sortOrder: number }[]): CustomFieldFormValues {
  const last = existing.reduce((max, field) => Math.max(max, field.sortOrder), -1);
  return {
    type: CustomFieldType.string,
    title: '',
    eventCustomFieldModeMember: CustomFieldMode.optional,
    eventCustomFieldModeGuest: CustomFieldMode.optional,
    showInList: false,
    sortOrder: Math.min(last + 1, customFieldSortOrderMax),
    eventCustomFieldOptions: [],
  };
}

export const customFieldValuesOf = (field: EventCustomField): CustomFieldFormValues => ({
  type: field.eventCustomFieldType,
  title: field.title,
  eventCustomFieldModeMember: field.eventCustomFieldModeMember,
  eventCustomFieldModeGuest: field.eventCustomFieldModeGuest,
  showInList: field.showInList,
  sortOrder: field.sortOrder,
  eventCustomFieldOptions: field.eventCustomFieldOptions.map((option) => ({ id: option.id, value: option.value })),
});
