import { formatDateInput } from '@bpw/domain/date-input';
import type { EnumDescriptor, EnumMembers, EnumValue } from '@bpw/domain/enums/enum-helpers';
import type { TFunction } from 'i18next';
import type { SelectOption } from '../../components/form-select-field';

/** An enum's members as select options with their labels, in the spec's order. */
export function enumOptions<N extends string, M extends EnumMembers>(
  descriptor: EnumDescriptor<N, M>,
  t: TFunction,
): SelectOption<EnumValue<M> & (string | number)>[] {
  return descriptor.values.map((value) => ({
    value: value as EnumValue<M> & (string | number),
    label: t(descriptor.labelKey(value)),
  }));
}

/** An enum value's label, or '' for null (stale values show their key's last part). */
export function enumLabel<N extends string, M extends EnumMembers>(
  descriptor: EnumDescriptor<N, M>,
  value: number | string | null | undefined,
  t: TFunction,
): string {
  if (value === null || value === undefined) return '';
  return t(descriptor.labelKey(value as EnumValue<M>));
}

/** `YYYY-MM-DD` as dd.mm.yyyy (the date input's display format). */
export const formatDate = (date: string | null | undefined) => formatDateInput(date);

/** A UTC ISO date-time as dd.mm.yyyy hh:mm on the browser's clock. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);
}
