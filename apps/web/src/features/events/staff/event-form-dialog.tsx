import { zodResolver } from '@hookform/resolvers/zod';
import VerticalAlignTop from '@mui/icons-material/VerticalAlignTop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { canCreateEventFor } from '@bpw/domain/permissions';
import type { Event } from '@bpw/domain/schemas/event';
import { useSnackbar } from 'notistack';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useClubOptions } from './api/get-event-form-options';
import { useSaveEvent } from './api/save-event';
import { EventFormBasics } from './event-form-basics';
import { EventFormDates } from './event-form-dates';
import { EventFormDetails } from './event-form-details';
import { EventFormLocation } from './event-form-location';
import { EventFormRegistration } from './event-form-registration';
import {
  eventBodyOf,
  eventFormSchema,
  eventValues,
  newEventValues,
  type EventFormOutput,
  type EventFormValues,
} from './event-form-schema';
import { EventFormTexts } from './event-form-texts';
import { errorMessages } from '../../../api/api-error';
import { ErrorList } from '../../../components/error-list';
import { languageOfLocale, localeFromLanguage } from '../../../lib/locale';
import { useActor } from '../../../lib/use-claims';

export interface EventFormDialogProps {
  /** Null: create an event. */
  event: Event | null;
  /** The responsible club of a new event when the page fixes it (club page); else it is chosen. */
  club: { id: string; name: string } | null;
  onClose: () => void;
  /** After a create, with the new event's id (the caller moves to its page, spec 02 §2). */
  onCreated?: (id: string) => void;
}

const resolver = zodResolver(eventFormSchema) as unknown as Resolver<EventFormValues, unknown, EventFormOutput>;

/**
 * Spec 02 §2 "Event creation form" and the event update dialog: 100rem wide, the responsible
 * club's name as subtitle, sections from title to description, save, cancel and scroll to top.
 * The server's error list appears at the top and the view scrolls up (§8).
 */
export function EventFormDialog({ event, club, onClose, onCreated }: EventFormDialogProps) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const actor = useActor();
  const titleId = useId();
  // The scrolling content, for the error list's scroll up (kept in state: it is read in handlers).
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const save = useSaveEvent();
  const isEdit = event !== null;
  const isClubChosen = !isEdit && club === null;
  const clubs = useClubOptions(isClubChosen);
  const clubOptions = useMemo(
    () =>
      (clubs.data?.items ?? [])
        .filter((item) => canCreateEventFor(actor, item.id))
        .map((item) => ({ value: item.id, label: item.name })),
    [clubs.data, actor],
  );

  const [defaults] = useState<EventFormValues>(() => {
    if (event) return eventValues(event);
    const language = languageOfLocale(localeFromLanguage(i18n.language) ?? 'de-CH');
    // A manager of one club only creates for that club.
    const onlyClub = actor.isAdmin || actor.eventManagerOf.length !== 1 ? '' : (actor.eventManagerOf[0] ?? '');
    return newEventValues(club?.id ?? onlyClub, language);
  });
  const form = useForm<EventFormValues, unknown, EventFormOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: defaults,
  });
  const chosenClubId = useWatch({ control: form.control, name: 'responsibleClubId' });
  const subtitle =
    event?.responsibleClub.name ?? club?.name ?? clubOptions.find((option) => option.value === chosenClubId)?.label;

  const scrollToTop = () => content?.scrollTo({ top: 0, behavior: 'smooth' });

  const submit = form.handleSubmit(async (values) => {
    setErrors([]);
    try {
      const body = eventBodyOf(values);
      const saved = event
        ? await save.mutateAsync({ id: event.id, body: { ...body, eventState: values.eventState } })
        : await save.mutateAsync({ id: null, body });
      enqueueSnackbar(t(isEdit ? 'eventsStaff.form.updated' : 'eventsStaff.form.created'), { variant: 'success' });
      onClose();
      if (!event && saved?.id) onCreated?.(saved.id);
    } catch (error) {
      setErrors(errorMessages(error, t('common.saveError')));
      enqueueSnackbar(t('common.saveError'), { variant: 'error' });
      scrollToTop();
    }
  });

  const isBusy = form.formState.isSubmitting;
  // The paper is the form, so Enter in a field submits.
  const formPaper = { component: 'form' as const, noValidate: true, onSubmit: (e: FormEvent) => void submit(e) };
  const title = t(isEdit ? 'eventsStaff.form.editTitle' : 'eventsStaff.form.createTitle');
  return (
    <Dialog
      open
      onClose={isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={isPhone}
      fullWidth
      maxWidth={false}
      slotProps={{
        paper: { ...formPaper, sx: { maxWidth: { sm: '100rem' } } },
      }}
    >
      {isBusy ? <LinearProgress aria-label={t('app.loading')} /> : null}
      <DialogTitle id={titleId}>
        {title}
        {subtitle ? (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {subtitle}
          </Typography>
        ) : null}
      </DialogTitle>
      <DialogContent dividers ref={setContent}>
        <FormProvider {...form}>
          <Stack spacing={3} sx={{ pt: 1 }}>
            <ErrorList title={t('common.saveError')} errors={errors} />
            <EventFormBasics isEdit={isEdit} clubOptions={isClubChosen ? clubOptions : null} disabled={isBusy} />
            <EventFormDates disabled={isBusy} />
            <EventFormRegistration disabled={isBusy} />
            <EventFormDetails disabled={isBusy} />
            <EventFormLocation disabled={isBusy} />
            <EventFormTexts disabled={isBusy} />
          </Stack>
        </FormProvider>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button color="inherit" startIcon={<VerticalAlignTop />} onClick={scrollToTop}>
          {t('eventsStaff.form.scrollToTop')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button color="inherit" onClick={onClose} disabled={isBusy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!form.formState.isValid || isBusy}>
          {t('eventsStaff.form.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
