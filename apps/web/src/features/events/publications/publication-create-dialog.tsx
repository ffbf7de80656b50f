import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { canChangeLockedPublication } from '@bpw/domain/permissions';
import { validationMessageKey } from '@bpw/domain/validation';
import { useSnackbar } from 'notistack';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreatePublications } from './api/change-publications';
import { useEventPublications } from './api/get-publications';
import { ClubMultiSelect } from '../../../components/club-multi-select';
import { useClubOptions } from '../../../components/club-options';
import { FormDialog, useFormErrors } from '../../../components/form-dialog';
import { useActor } from '../../../lib/use-claims';

interface PublicationCreateDialogProps {
  event: { id: string; title: string; responsibleClubId: string };
  onClose: () => void;
  onCreated?: () => void;
}

/** All of an event's publications, to leave out the clubs it is offered to already. */
const allPublications = { sorting: [], page: 0, perPage: 0 };

/**
 * Spec 02 §2 "publication create" dialog (50rem), §5, §6: offers the event to one or more clubs
 * (at least one; not its own club, nor one it is offered to already); administrators may lock the
 * new publications. Server errors show in the form and the dialog stays open (§8).
 */
export function PublicationCreateDialog({ event, onClose, onCreated }: PublicationCreateDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const selectId = useId();
  const actor = useActor();
  const canLock = canChangeLockedPublication(actor);
  const [clubIds, setClubIds] = useState<string[]>([]);
  const [isLocked, setIsLocked] = useState(false);
  const [isTouched, setIsTouched] = useState(false);
  const { errors, clearErrors, showErrors } = useFormErrors();
  const create = useCreatePublications();
  const existing = useEventPublications(event.id, allPublications);
  const offeredTo = useMemo(
    () => new Set([event.responsibleClubId, ...(existing.data?.items ?? []).map((item) => item.clubId)]),
    [event.responsibleClubId, existing.data],
  );
  const clubs = useClubOptions();
  const options = useMemo(() => clubs.options.filter((club) => !offeredTo.has(club.id)), [clubs.options, offeredTo]);
  const label = t('eventPublicationsStaff.fields.clubs');
  const requiredText = isTouched && clubIds.length === 0 ? t(validationMessageKey('required'), { field: label }) : null;

  const submit = async () => {
    setIsTouched(true);
    if (clubIds.length === 0) return;
    clearErrors();
    try {
      const created = await create.mutateAsync({ eventId: event.id, clubIds, isLocked: canLock && isLocked });
      enqueueSnackbar(t('eventPublicationsStaff.create.done', { count: created.total }), { variant: 'success' });
      onClose();
      onCreated?.();
    } catch (error) {
      showErrors(error, t('common.saveError'));
    }
  };
  const isBusy = create.isPending;

  return (
    <FormDialog
      title={t('eventPublicationsStaff.create.title')}
      description={t('eventPublicationsStaff.create.text', { title: event.title })}
      errors={errors}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('eventPublicationsStaff.create.submit')}
      isSubmitDisabled={clubIds.length === 0}
      isBusy={isBusy}
    >
      <div>
        <ClubMultiSelect
          id={selectId}
          label={label}
          options={options}
          value={clubIds}
          onChange={(next) => {
            setClubIds(next);
            if (next.length === 0) setIsTouched(true);
          }}
          selectedText={(count) => t('eventPublicationsStaff.create.selected', { count })}
          isLoading={clubs.isLoading || existing.isPending}
          disabled={isBusy}
        />
        {requiredText ? <FormHelperText error>{requiredText}</FormHelperText> : null}
      </div>
      {canLock ? (
        <FormControlLabel
          label={t('eventPublicationsStaff.fields.isLocked')}
          control={
            <Switch checked={isLocked} onChange={(change) => setIsLocked(change.target.checked)} disabled={isBusy} />
          }
        />
      ) : null}
    </FormDialog>
  );
}
