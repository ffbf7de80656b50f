import { phoneTypeEnum, urlTypeEnum } from '@bpw/domain/enums/address';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AddressData } from '@bpw/domain/schemas/address';
import { useFieldArray, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { emptyEmail, emptyPhone, emptyUrl, type AddressFormValues } from './address-form-values';
import { enumOptions } from './person-detail-format';
import { FormSelectField } from '../../components/form-select-field';
import { FormTextField } from '../../components/form-text-field';

type EntryKind = 'emails' | 'phones' | 'urls';

interface EntryListProps {
  control: Control<AddressFormValues, unknown, AddressData>;
  kind: EntryKind;
  disabled: boolean;
}

/** One kind of contact entry, edited inline: value, label and (phones, URLs) a type. */
function EntryList({ control, kind, disabled }: EntryListProps) {
  const { t } = useTranslation();
  // keyName: the entries have their own `id` (the server's), which must stay in the values.
  const { fields, append, remove } = useFieldArray({ control, name: kind, keyName: 'key' });
  const valueLabel = t(`personDetail.address.${kind}Value`);
  const add = () => {
    if (kind === 'emails') append(emptyEmail());
    else if (kind === 'phones') append(emptyPhone());
    else append(emptyUrl());
  };
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {t(`personDetail.address.${kind}`)}
      </Typography>
      {fields.map((field, index) => (
        <Box key={field.key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box
            sx={{
              flexGrow: 1,
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: '1fr', sm: kind === 'emails' ? '2fr 1fr' : '2fr 1fr 1fr' },
            }}
          >
            <FormTextField
              control={control}
              name={`${kind}.${index}.value`}
              label={`${valueLabel} ${index + 1}`}
              type={kind === 'emails' ? 'email' : kind === 'phones' ? 'tel' : 'url'}
              required
              size="small"
              disabled={disabled}
            />
            {kind === 'phones' ? (
              <FormSelectField
                control={control}
                name={`phones.${index}.phoneType`}
                label={t('personDetail.address.phoneType')}
                options={enumOptions(phoneTypeEnum, t)}
                size="small"
                disabled={disabled}
              />
            ) : null}
            {kind === 'urls' ? (
              <FormSelectField
                control={control}
                name={`urls.${index}.urlType`}
                label={t('personDetail.address.urlType')}
                options={enumOptions(urlTypeEnum, t)}
                size="small"
                disabled={disabled}
              />
            ) : null}
            <FormTextField
              control={control}
              name={`${kind}.${index}.label`}
              label={t('personDetail.address.entryLabel')}
              size="small"
              disabled={disabled}
            />
          </Box>
          <IconButton
            aria-label={t('personDetail.address.removeEntry', { entry: `${valueLabel} ${index + 1}` })}
            onClick={() => remove(index)}
            disabled={disabled}
          >
            <Delete />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button startIcon={<Add />} onClick={add} disabled={disabled} color="inherit" size="small">
          {t(`personDetail.address.add.${kind}`)}
        </Button>
      </Box>
    </Stack>
  );
}

/** The contact tab of the address form: e-mails, phones and URLs. */
export function AddressFormEntries({
  control,
  disabled,
}: {
  control: Control<AddressFormValues, unknown, AddressData>;
  disabled: boolean;
}) {
  return (
    <Stack spacing={3}>
      <EntryList control={control} kind="emails" disabled={disabled} />
      <EntryList control={control} kind="phones" disabled={disabled} />
      <EntryList control={control} kind="urls" disabled={disabled} />
    </Stack>
  );
}
