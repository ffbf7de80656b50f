import { AddressType, addressTypeEnum } from '@bpw/domain/enums/address';
import { competenceTopicEnum } from '@bpw/domain/enums/competence';
import { salutationEnum, titleEnum } from '@bpw/domain/enums/person-fields';
import { addressInputSchema, type Address, type AddressData } from '@bpw/domain/schemas/address';
import { homeCountryCode } from '@bpw/domain/postal-address';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateAddress } from './api/create-address';
import { useUpdateAddress } from './api/update-address';
import { AddressFormEntries } from './address-form-entries';
import { AddressFormLogo } from './address-form-logo';
import {
  addressFormTabs,
  addressValues,
  firstTabWithError,
  newAddressValues,
  type AddressFormTab,
  type AddressFormValues,
} from './address-form-values';
import { enumOptions } from './person-detail-format';
import { EnumSelectField } from './enum-select-field';
import { FormDialog, useFormErrors } from '../../components/form-dialog';
import { FormSelectField } from '../../components/form-select-field';
import { FormTextField } from '../../components/form-text-field';
import { tabContrast } from '../../components/tab-contrast';
import { countryOptions } from '../../lib/countries';

interface AddressFormDialogProps {
  personId: string;
  /** The address to edit; absent for a new one. */
  address?: Address | undefined;
  onClose: () => void;
}

/**
 * The address form (spec 01 §2 "Address form", §5 "Address"): the business tab is enabled only
 * for type business and switching the type away returns to the first tab; entries are edited
 * inline; the server's errors are listed.
 */
export function AddressFormDialog({ personId, address, onClose }: AddressFormDialogProps) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const baseId = useId();
  const [tab, setTab] = useState<AddressFormTab>('general');
  const { errors, clearErrors, showErrors } = useFormErrors();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const { control, handleSubmit, formState } = useForm<AddressFormValues, unknown, AddressData>({
    // The schema's input is looser than the form's values (it also takes null and absent fields).
    resolver: zodResolver(addressInputSchema) as unknown as Resolver<AddressFormValues, unknown, AddressData>,
    mode: 'onChange',
    defaultValues: address ? addressValues(address) : newAddressValues(),
  });
  const addressType = useWatch({ control, name: 'addressType' });
  const isBusiness = addressType === AddressType.business;
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const countryNames = useMemo(() => new Map(countries.map((item) => [item.code, item.name])), [countries]);
  const topics = enumOptions(competenceTopicEnum, t);
  const isBusy = create.isPending || update.isPending;
  const a = (key: string) => t(`personDetail.address.${key}`);

  const submit = handleSubmit(
    async (values) => {
      clearErrors();
      try {
        if (address) await update.mutateAsync({ personId, addressId: address.id, body: values });
        else await create.mutateAsync({ personId, body: values });
        enqueueSnackbar(t('personDetail.saved'), { variant: 'success' });
        onClose();
      } catch (error) {
        showErrors(error, t('common.saveError'));
      }
    },
    (invalid) => {
      const next = firstTabWithError(Object.keys(invalid));
      if (next) setTab(next);
    },
  );

  const panel = (name: AddressFormTab, children: ReactNode) => (
    <Box role="tabpanel" id={`${baseId}-${name}-panel`} aria-labelledby={`${baseId}-${name}-tab`} hidden={tab !== name}>
      {children}
    </Box>
  );

  return (
    <FormDialog
      title={address ? t('personDetail.address.editTitle') : t('personDetail.menu.address')}
      errors={errors}
      errorTitle={t('common.saveError')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('personDetail.save')}
      isSubmitDisabled={!formState.isValid}
      isBusy={isBusy}
    >
      <Tabs
        value={tab}
        onChange={(_event, next: AddressFormTab) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={a('tabs')}
        sx={tabContrast}
      >
        {addressFormTabs.map((name) => (
          <Tab
            key={name}
            value={name}
            label={a(`tab.${name}`)}
            id={`${baseId}-${name}-tab`}
            aria-controls={`${baseId}-${name}-panel`}
            disabled={name === 'business' && !isBusiness}
          />
        ))}
      </Tabs>
      {panel(
        'general',
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormSelectField
              control={control}
              name="addressType"
              label={a('addressType')}
              options={enumOptions(addressTypeEnum, t)}
              disabled={isBusy}
              onValueChange={(value) => {
                if (value !== AddressType.business && tab === 'business') setTab('general');
              }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="label" label={a('label')} required disabled={isBusy} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <EnumSelectField
              control={control}
              name="salutation"
              label={t('field.salutation')}
              values={salutationEnum}
              isOptional
              disabled={isBusy}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <EnumSelectField
              control={control}
              name="title"
              label={t('field.title')}
              values={titleEnum}
              isOptional
              disabled={isBusy}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="firstname" label={t('field.firstname')} disabled={isBusy} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="lastname" label={t('field.lastname')} disabled={isBusy} />
          </Grid>
        </Grid>,
      )}
      {panel(
        'business',
        <Stack spacing={2}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="company" label={a('company')} disabled={isBusy} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="companySector" label={a('companySector')} disabled={isBusy} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="companyRole" label={a('companyRole')} disabled={isBusy} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="mainCompetence" label={a('mainCompetence')} disabled={isBusy} />
            </Grid>
          </Grid>
          <Controller
            control={control}
            name="competences"
            render={({ field }) => (
              <Autocomplete
                multiple
                options={topics.map((option) => option.value)}
                getOptionLabel={(value) => topics.find((option) => option.value === value)?.label ?? String(value)}
                value={(field.value ?? []) as number[]}
                onChange={(_event, next) => field.onChange(next)}
                disabled={isBusy}
                renderInput={(params) => <TextField {...params} label={a('competences')} />}
              />
            )}
          />
          {address ? (
            <AddressFormLogo personId={personId} addressId={address.id} logoId={address.competenceLogoId} />
          ) : null}
        </Stack>,
      )}
      {panel(
        'postal',
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="address1" label={a('address1')} disabled={isBusy} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="address2" label={a('address2')} disabled={isBusy} />
          </Grid>
          <Grid size={12}>
            <FormTextField control={control} name="street" label={a('street')} disabled={isBusy} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="zip" label={a('zip')} disabled={isBusy} />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <FormTextField control={control} name="city" label={a('city')} disabled={isBusy} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="county" label={a('county')} disabled={isBusy} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="state" label={a('state')} disabled={isBusy} />
          </Grid>
          <Grid size={12}>
            <Controller
              control={control}
              name="countryCode"
              render={({ field }) => (
                <Autocomplete
                  options={countries.map((item) => item.code)}
                  getOptionLabel={(code) => countryNames.get(code) ?? code}
                  value={(field.value as string | null | undefined) ?? homeCountryCode}
                  onChange={(_event, next) => field.onChange(next ?? homeCountryCode)}
                  disableClearable
                  disabled={isBusy}
                  renderInput={(params) => <TextField {...params} label={a('country')} />}
                />
              )}
            />
          </Grid>
        </Grid>,
      )}
      {panel('contact', <AddressFormEntries control={control} disabled={isBusy} />)}
    </FormDialog>
  );
}
