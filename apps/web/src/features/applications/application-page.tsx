import { CustomFieldMode } from '@bpw/domain/enums/custom-field';
import { languageCodeEnum, type LanguageCode } from '@bpw/domain/enums/language';
import { type MembershipType, membershipTypeLabelKey } from '@bpw/domain/enums/membership-type';
import { advertisingEnum } from '@bpw/domain/enums/person-fields';
import { questionsAsFields, type ApplicationForm } from '@bpw/domain/schemas/application';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useApplyForMembership } from './api/apply-for-membership';
import { usePublicApplicationForm } from './api/get-public-application-form';
import {
  applicationFormSchema,
  emptyApplicationValues,
  toApplicationBody,
  type ApplicationFormOutput,
  type ApplicationFormValues,
} from './application-form-values';
import { errorMessages } from '../../api/api-error';
import { CountryAutocomplete } from '../../components/country-autocomplete';
import { CustomFieldInput } from '../../components/custom-field-input/custom-field-input';
import { DateInput } from '../../components/date-input';
import { ErrorList } from '../../components/error-list';
import { FormSelectField } from '../../components/form-select-field';
import { FormTextField } from '../../components/form-text-field';
import { TermsDialog } from '../../components/terms-dialog';
import { languageOfLocale, localeFromLanguage } from '../../lib/locale';
import { usePageTitle } from '../../lib/use-page-title';
import { translateFieldError } from '../../lib/validation';

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** /apply/{clubId} and /apply (the association's form, "no club yet"): anyone may apply (issue 25). */
export function ApplicationPage() {
  const { t } = useTranslation();
  const { clubId = null } = useParams();
  const { data: form, isPending, error } = usePublicApplicationForm(clubId);
  const title = form?.clubName
    ? t('applications.page.titleClub', { club: form.clubName })
    : t('applications.page.titleAssociation');
  usePageTitle(title);
  return (
    <Box sx={{ maxWidth: '60rem' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {error ? <Alert severity="warning">{t('applications.page.notAvailable')}</Alert> : null}
      {form ? <ApplicationFormView form={form} clubId={clubId} /> : null}
    </Box>
  );
}

function ApplicationFormView({ form, clubId }: { form: ApplicationForm; clubId: string | null }) {
  const { t, i18n } = useTranslation();
  const language: LanguageCode = languageOfLocale(localeFromLanguage(i18n.language) ?? 'de-CH');
  const schema = useMemo(() => applicationFormSchema(form), [form]);
  const apply = useApplyForMembership(clubId);
  const [errors, setErrors] = useState<string[]>([]);
  const [isSent, setIsSent] = useState(false);
  const [isTermsOpen, setIsTermsOpen] = useState(false);
  const { control, handleSubmit, formState } = useForm<ApplicationFormValues, unknown, ApplicationFormOutput>({
    resolver: zodResolver(schema) as unknown as Resolver<ApplicationFormValues, unknown, ApplicationFormOutput>,
    defaultValues: emptyApplicationValues(form, language),
    mode: 'onChange',
  });
  const label = (key: string) => t(`applications.form.${key}`);
  const submit = handleSubmit(async (values) => {
    setErrors([]);
    try {
      await apply.mutateAsync(toApplicationBody(values));
      setIsSent(true);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (failure) {
      setErrors(errorMessages(failure, t('common.saveError')));
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  });
  if (isSent) {
    return (
      <Alert severity="success" role="status">
        <Typography variant="h6" component="h2">
          {t('applications.sent.title')}
        </Typography>
        {t('applications.sent.text')}
      </Alert>
    );
  }
  const intro = form.intro[language] || form.intro.de;
  const fields = questionsAsFields(form.questions);
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={3}>
        {intro ? <Typography sx={{ whiteSpace: 'pre-line' }}>{intro}</Typography> : null}
        {clubId ? null : <Typography>{t('applications.page.associationHint')}</Typography>}
        <ErrorList errors={errors} />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="h6" sx={{ mb: 2 }}>
            {label('person')}
          </Typography>
          <Box sx={grid}>
            <FormTextField
              control={control}
              name="firstname"
              label={label('firstname')}
              required
              autoComplete="given-name"
            />
            <FormTextField
              control={control}
              name="lastname"
              label={label('lastname')}
              required
              autoComplete="family-name"
            />
            <Controller
              control={control}
              name="birthday"
              render={({ field, fieldState }) => (
                <DateInput
                  label={label('birthday')}
                  value={field.value || null}
                  onChange={(next) => field.onChange(next ?? '')}
                  onBlur={field.onBlur}
                  required
                  errorText={translateFieldError(t, fieldState.error?.message, label('birthday'))}
                  inputRef={field.ref}
                  fullWidth
                />
              )}
            />
            <FormSelectField
              control={control}
              name="languageCode"
              label={label('languageCode')}
              required
              options={languageCodeEnum.values.map((code) => ({
                value: code,
                label: t(languageCodeEnum.labelKey(code)),
              }))}
            />
            <FormTextField
              control={control}
              name="email"
              label={label('email')}
              required
              type="email"
              autoComplete="email"
            />
            <FormTextField control={control} name="phone" label={label('phone')} type="tel" autoComplete="tel" />
          </Box>
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="h6" sx={{ mb: 2 }}>
            {label('privateAddress')}
          </Typography>
          <Box sx={grid}>
            <FormTextField
              control={control}
              name="street"
              label={label('street')}
              required
              autoComplete="street-address"
            />
            <FormTextField control={control} name="zip" label={label('zip')} required autoComplete="postal-code" />
            <FormTextField control={control} name="city" label={label('city')} required autoComplete="address-level2" />
            <Controller
              control={control}
              name="countryCode"
              render={({ field, fieldState }) => (
                <CountryAutocomplete
                  name={field.name}
                  label={label('countryCode')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  errorText={translateFieldError(t, fieldState.error?.message, label('countryCode'))}
                />
              )}
            />
          </Box>
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="h6" sx={{ mb: 2 }}>
            {label('membership')}
          </Typography>
          <Box sx={grid}>
            <FormSelectField
              control={control}
              name="membershipType"
              label={label('membershipType')}
              required
              options={form.membershipTypes.map((type) => ({
                value: type,
                label: t(membershipTypeLabelKey(type as MembershipType)),
              }))}
            />
            <FormSelectField
              control={control}
              name="advertising"
              label={label('advertising')}
              options={advertisingEnum.values.map((value) => ({ value, label: t(advertisingEnum.labelKey(value)) }))}
            />
          </Box>
        </Box>
        {fields.length ? (
          <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="h6" sx={{ mb: 2 }}>
              {label('questions')}
            </Typography>
            {fields.map((field) => (
              <CustomFieldInput
                key={field.id}
                field={form.questions.find((q) => q.id === field.id)!}
                isRequired={field.eventCustomFieldModeGuest === CustomFieldMode.required}
                control={control}
                name={`answerTexts.${field.id}`}
              />
            ))}
          </Stack>
        ) : null}
        {/* The honeypot: hidden from people and assistive technology, filled in by robots. */}
        <Box aria-hidden sx={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
          <Controller
            control={control}
            name="website"
            render={({ field }) => (
              <label>
                {label('website')}
                <input {...field} tabIndex={-1} autoComplete="off" />
              </label>
            )}
          />
        </Box>
        <Controller
          control={control}
          name="hasAcceptedTerms"
          render={({ field, fieldState }) => (
            <Box>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={Boolean(field.value)}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    name={field.name}
                    required
                  />
                }
                label={label('terms')}
              />
              <Link component="button" type="button" variant="body2" onClick={() => setIsTermsOpen(true)}>
                {label('showTerms')}
              </Link>
              {fieldState.error ? (
                <FormHelperText error>
                  {translateFieldError(t, fieldState.error.message, label('terms'))}
                </FormHelperText>
              ) : null}
            </Box>
          )}
        />
        <TermsDialog open={isTermsOpen} onClose={() => setIsTermsOpen(false)} />
        <Box>
          <Button type="submit" variant="contained" disabled={!formState.isValid || formState.isSubmitting}>
            {label('submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
