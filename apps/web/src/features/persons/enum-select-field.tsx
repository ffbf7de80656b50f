import type { EnumDescriptor, EnumMembers } from '@bpw/domain/enums/enum-helpers';
import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../../components/form-select-field';
import { enumOptions } from './person-detail-format';

type EnumSelectFieldProps<T extends FieldValues, TOut, N extends string, M extends EnumMembers> = Omit<
  ComponentProps<typeof FormSelectField<T, TOut>>,
  'options' | 'emptyLabel'
> & {
  /** The enum whose members are offered, with their labels, in the spec's order. */
  values: EnumDescriptor<N, M>;
  /** Offers "none", which sets the field to null. */
  isOptional?: boolean;
};

/** A form select over one of the domain's enums (salutation, title, employment type, ...). */
export function EnumSelectField<T extends FieldValues, TOut, N extends string, M extends EnumMembers>({
  values,
  isOptional = false,
  ...props
}: EnumSelectFieldProps<T, TOut, N, M>) {
  const { t } = useTranslation();
  return (
    <FormSelectField
      {...props}
      options={enumOptions(values, t)}
      emptyLabel={isOptional ? t('personDetail.none') : undefined}
    />
  );
}
