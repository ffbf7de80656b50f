import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { canChangeLockedPublication } from '@bpw/domain/permissions';
import { validationMessageKey } from '@bpw/domain/validation';
import { useSnackbar } from 'notistack';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreatePublications } from './api/change-publications';
import { useEventPublications } from './api/get-publications';
import { errorMessages } from '../../../api/api-error';
import { ClubMultiSelect } from '../../../components/club-multi-select';
import { useClubOptions } from '../../../components/club-options';
import { ErrorList } from '../../../components/error-list';
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
  const titleId = useId();
  const textId = useId();
  const selectId = useId();
  const actor = useActor();
  const canLock = canChangeLockedPublication(actor);
  const [clubIds, setClubIds] = useState<string[]>([]);
  const [isLocked, setIsLocked] = useState(false);
  const [isTouched, setIsTouched] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const create = useCreatePublications();
  const existing = useEventPublications(event.id, allPublications);
  const offeredTo = useMemo(
    () => new Set([event.responsibleClubId, ...(existing.data?.items ?? []).map((item) => item.clubId)]),
    [event.responsibleClubId, existing.data],
  );
  const clubs = useClubOptions({ errorText: t('common.loadError') });
  const options = useMemo(() => clubs.options.filter((club) => !offeredTo.has(club.id)), [clubs.options, offeredTo]);
  const label = t('eventPublicationsStaff.fields.clubs');
  const requiredText = isTouched && clubIds.length === 0 ? t(validationMessageKey('required'), { field: label }) : null;

  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    setIsTouched(true);
    if (clubIds.length === 0) return;
    setErrors([]);
    try {
      const created = await create.mutateAsync({ eventId: event.id, clubIds, isLocked: canLock && isLocked });
      enqueueSnackbar(t('eventPublicationsStaff.create.done', { count: created.total }), { variant: 'success' });
      onClose();
      onCreated?.();
    } catch (error) {
      setErrors(errorMessages(error, t('common.saveError')));
      enqueueSnackbar(t('common.saveError'), { variant: 'error' });
    }
  };
  const isBusy = create.isPending;
  const formPaper = { component: 'form' as const, noValidate: true, onSubmit: (e: FormEvent) => void submit(e) };

  return (
    <Dialog
      open
      onClose={isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth={false}
      slotProps={{
        paper: {
          ...formPaper,
          sx: { maxWidth: '50rem', m: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 64px)' } },
        },
      }}
    >
      {isBusy ? <LinearProgress aria-label={t('app.loading')} /> : null}
      <DialogTitle id={titleId}>{t('eventPublicationsStaff.create.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText id={textId}>
            {t('eventPublicationsStaff.create.text', { title: event.title })}
          </DialogContentText>
          <ErrorList errors={errors} />
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
                <Switch
                  checked={isLocked}
                  onChange={(change) => setIsLocked(change.target.checked)}
                  disabled={isBusy}
                />
              }
            />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={isBusy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={clubIds.length === 0 || isBusy}>
          {t('eventPublicationsStaff.create.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
