import { zodResolver } from '@hookform/resolvers/zod';
import VerticalAlignTop from '@mui/icons-material/VerticalAlignTop';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { canCreateEventFor } from '@bpw/domain/permissions';
import type { Event } from '@bpw/domain/schemas/event';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
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
import { FormDialog, useFormErrors } from '../../../components/form-dialog';
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
  const actor = useActor();
  // The scrolling content, for the error list's scroll up (kept in state: it is read in handlers).
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const { errors, clearErrors, showErrors } = useFormErrors();
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
    clearErrors();
    try {
      const body = eventBodyOf(values);
      const saved = event
        ? await save.mutateAsync({ id: event.id, body: { ...body, eventState: values.eventState } })
        : await save.mutateAsync({ id: null, body });
      enqueueSnackbar(t(isEdit ? 'eventsStaff.form.updated' : 'eventsStaff.form.created'), { variant: 'success' });
      onClose();
      if (!event && saved?.id) onCreated?.(saved.id);
    } catch (error) {
      showErrors(error, t('common.saveError'));
      scrollToTop();
    }
  });

  const isBusy = form.formState.isSubmitting;
  return (
    <FormDialog
      title={t(isEdit ? 'eventsStaff.form.editTitle' : 'eventsStaff.form.createTitle')}
      subtitle={subtitle}
      errors={errors}
      errorTitle={t('common.saveError')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('eventsStaff.form.save')}
      isSubmitDisabled={!form.formState.isValid}
      isBusy={isBusy}
      size="large"
      contentRef={setContent}
      extraActions={
        <Button color="inherit" startIcon={<VerticalAlignTop />} onClick={scrollToTop}>
          {t('eventsStaff.form.scrollToTop')}
        </Button>
      }
    >
      <FormProvider {...form}>
        <Stack spacing={3}>
          <EventFormBasics isEdit={isEdit} clubOptions={isClubChosen ? clubOptions : null} disabled={isBusy} />
          <EventFormDates disabled={isBusy} />
          <EventFormRegistration disabled={isBusy} />
          <EventFormDetails disabled={isBusy} />
          <EventFormLocation disabled={isBusy} />
          <EventFormTexts disabled={isBusy} />
        </Stack>
      </FormProvider>
    </FormDialog>
  );
}
