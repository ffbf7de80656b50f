import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EventFormOutput, EventFormValues } from './event-form-schema';
import { EventFormSection } from './event-form-section';
import { FormTextField } from '../../../components/form-text-field';

// The editor is the largest part of the form: its own chunk, fetched as the form opens.
const MarkdownEditor = lazy(() =>
  import('../../../components/markdown-editor/markdown-editor').then((m) => ({ default: m.MarkdownEditor })),
);

/** The teaser text (required) and the markdown description (spec 02 §2, §5). */
export function EventFormTexts({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<EventFormValues, unknown, EventFormOutput>();
  const label = (name: string) => t(`eventsStaff.fields.${name}`);
  return (
    <EventFormSection title={t('eventsStaff.form.sections.texts')}>
      <FormTextField
        control={control}
        name="teaserText"
        label={label('teaserText')}
        required
        multiline
        minRows={3}
        disabled={disabled}
      />
      <Controller
        control={control}
        name="description"
        render={({ field }) => (
          <Suspense fallback={<Skeleton variant="rectangular" height={340} />}>
            <MarkdownEditor
              label={label('description')}
              initialValue={field.value}
              onChange={(markdown) => field.onChange(markdown)}
              disabled={disabled}
            />
          </Suspense>
        )}
      />
    </EventFormSection>
  );
}
