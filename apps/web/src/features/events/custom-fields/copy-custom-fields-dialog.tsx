import { validationMessageKey } from '@bpw/domain/validation';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyCustomFields } from './api/copy-custom-fields';
import { EventAutocomplete, type EventOption } from './event-autocomplete';
import { FormDialog, useFormErrors } from '../../../components/form-dialog';

interface CopyCustomFieldsDialogProps {
  /** The target: the event whose page the dialog was opened on. */
  event: { id: string; title: string };
  onClose: () => void;
  onCopied?: () => void;
}

/**
 * Spec 02 §2 "Copy custom fields dialog": a source event (required, "{field} must not be empty"
 * with the label "Event", §5) whose fields are appended to this event's. Server errors show in
 * the form (§8); the dialog stays open.
 */
export function CopyCustomFieldsDialog({ event, onClose, onCopied }: CopyCustomFieldsDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [source, setSource] = useState<EventOption | null>(null);
  const [isTouched, setIsTouched] = useState(false);
  const { errors, clearErrors, showErrors } = useFormErrors();
  const copy = useCopyCustomFields(event.id);
  const excludeIds = useMemo(() => [event.id], [event.id]);
  const fieldLabel = t('eventCustomFieldsStaff.copy.source');
  const requiredText = isTouched && !source ? t(validationMessageKey('required'), { field: fieldLabel }) : undefined;

  const submit = async () => {
    setIsTouched(true);
    if (!source) return;
    clearErrors();
    try {
      await copy.mutateAsync(source.id);
      enqueueSnackbar(t('eventCustomFieldsStaff.copy.done', { title: source.title }), { variant: 'success' });
      onClose();
      onCopied?.();
    } catch (error) {
      showErrors(error, t('common.saveError'));
    }
  };
  const isBusy = copy.isPending;

  return (
    <FormDialog
      title={t('eventCustomFieldsStaff.copy.title')}
      description={t('eventCustomFieldsStaff.copy.text', { title: event.title })}
      errors={errors}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('eventCustomFieldsStaff.copy.submit')}
      isSubmitDisabled={!source}
      isBusy={isBusy}
    >
      <EventAutocomplete
        label={fieldLabel}
        value={source}
        onChange={(next) => setSource(Array.isArray(next) ? (next[0] ?? null) : next)}
        onBlur={() => setIsTouched(true)}
        excludeIds={excludeIds}
        required
        disabled={isBusy}
        errorText={requiredText}
        autoFocus
      />
    </FormDialog>
  );
}
