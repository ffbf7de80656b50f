import { registrationStateLabelKey, registrationStateValues } from '@bpw/domain/enums/registration';
import type { EventList } from '@bpw/domain/schemas/event';
import type { MailingAudience, MailingAudienceKind } from '@bpw/domain/schemas/mailing';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMailingLists } from './api/mailing-lists';
import { defaultRegistrationStates } from './mailing-form-state';
import { api } from '../../api/api';
import { useClubOptions } from '../../components/club-options';
import { useActor } from '../../lib/use-claims';

type EventOption = { id: string; title: string; clubName: string };

/** Events whose title (or club) matches, newest first: the event manager's own are among them. */
function useEventOptions(text: string) {
  return useQuery({
    queryKey: ['event', 'mailing-search', text.trim()],
    queryFn: ({ signal }) =>
      api.get<EventList>(
        '/event',
        { Title: text.trim() || undefined, SortBy: 'eventFrom', SortDesc: true, PerPage: 20 },
        signal,
      ),
    select: (list): EventOption[] =>
      list.items.map((event) => ({ id: event.id, title: event.title, clubName: event.responsibleClub.name })),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

interface AudienceFieldsProps {
  audience: MailingAudience;
  onChange: (audience: MailingAudience) => void;
  /** The clubs she may write from (admins: all). */
  clubIds: readonly string[] | null;
  /** The saved mailing's audience label (an event's name), until another event is chosen. */
  savedLabel?: string | undefined;
  disabled?: boolean;
}

/** Who receives the mailing: a person-list filter, a club's members, an event's registrations, a list. */
export function MailingAudienceFields({ audience, onChange, clubIds, savedLabel, disabled }: AudienceFieldsProps) {
  const { t } = useTranslation();
  const actor = useActor();
  const clubs = useClubOptions({ limitTo: clubIds });
  const firstClubId = clubs.options[0]?.id ?? '';
  const kinds: MailingAudienceKind[] =
    audience.kind === 'persons' ? ['persons', 'club', 'event', 'list'] : ['club', 'event', 'list'];
  const changeKind = (kind: MailingAudienceKind) => {
    if (kind === audience.kind) return;
    if (kind === 'club') onChange({ kind, clubId: firstClubId });
    else if (kind === 'event') onChange({ kind, eventId: '', registrationStates: defaultRegistrationStates });
    else if (kind === 'list') onChange({ kind, mailingListId: '' });
  };
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('mailings.audience.kind')}
        value={audience.kind}
        onChange={(event) => changeKind(event.target.value as MailingAudienceKind)}
        disabled={disabled}
        fullWidth
      >
        {kinds.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(`mailings.audience.kinds.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      {audience.kind === 'club' ? (
        <TextField
          select
          label={t('mailings.audience.club')}
          value={audience.clubId}
          onChange={(event) => onChange({ kind: 'club', clubId: event.target.value })}
          disabled={disabled}
          fullWidth
          required
        >
          {clubs.options.map((club) => (
            <MenuItem key={club.id} value={club.id}>
              {club.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {audience.kind === 'persons' ? (
        <>
          <PersonFilterSummary filter={audience.filter} />
          <TextField
            select
            label={t('mailings.audience.sendingClub')}
            value={audience.clubId ?? 'association'}
            onChange={(event) =>
              onChange({ ...audience, clubId: event.target.value === 'association' ? null : event.target.value })
            }
            disabled={disabled}
            fullWidth
            helperText={actor.isAdmin ? undefined : t('mailings.audience.sendingClubHint')}
          >
            {actor.isAdmin ? <MenuItem value="association">{t('mailings.association')}</MenuItem> : null}
            {clubs.options.map((club) => (
              <MenuItem key={club.id} value={club.id}>
                {club.name}
              </MenuItem>
            ))}
          </TextField>
        </>
      ) : null}
      {audience.kind === 'event' ? (
        <EventAudienceFields audience={audience} onChange={onChange} savedLabel={savedLabel} disabled={disabled} />
      ) : null}
      {audience.kind === 'list' ? (
        <ListAudienceField audience={audience} onChange={onChange} disabled={disabled} />
      ) : null}
    </Stack>
  );
}

function PersonFilterSummary({ filter }: { filter: Record<string, string | string[]> }) {
  const { t } = useTranslation();
  const clubs = useClubOptions();
  const clubName = (id: string) => clubs.options.find((club) => club.id === id)?.name ?? id;
  const entries = Object.entries(filter);
  if (entries.length === 0) return <Alert severity="info">{t('mailings.audience.noFilter')}</Alert>;
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ flexWrap: 'wrap' }}
      aria-label={t('mailings.audience.filter')}
      role="list"
    >
      {entries.map(([key, value]) => {
        const values = Array.isArray(value) ? value : [value];
        const text = key === 'Clubs' ? values.map(clubName).join(', ') : values.join(', ');
        return (
          <Chip
            key={key}
            role="listitem"
            label={`${t(`mailings.filterKeys.${key}`, { defaultValue: key })}: ${text}`}
          />
        );
      })}
    </Stack>
  );
}

function EventAudienceFields({
  audience,
  onChange,
  savedLabel,
  disabled,
}: {
  audience: Extract<MailingAudience, { kind: 'event' }>;
  onChange: (audience: MailingAudience) => void;
  savedLabel?: string | undefined;
  disabled?: boolean | undefined;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<EventOption | null>(null);
  const options = useEventOptions(text);
  const toggle = (state: number, isOn: boolean) => {
    const states = isOn
      ? [...audience.registrationStates, state]
      : audience.registrationStates.filter((value) => value !== state);
    onChange({ ...audience, registrationStates: states as typeof audience.registrationStates });
  };
  const current =
    chosen?.id === audience.eventId
      ? chosen
      : audience.eventId
        ? { id: audience.eventId, title: savedLabel ?? '', clubName: '' }
        : null;
  return (
    <>
      <Autocomplete
        options={options.data ?? []}
        value={current}
        onChange={(_event, next) => {
          setChosen(next);
          onChange({ ...audience, eventId: next?.id ?? '' });
        }}
        inputValue={text}
        onInputChange={(_event, next) => setText(next)}
        filterOptions={(all) => all}
        getOptionLabel={(option) =>
          option.clubName ? `${option.title} (${option.clubName})` : option.title || t('mailings.audience.eventChosen')
        }
        isOptionEqualToValue={(option, value) => option.id === value.id}
        loading={options.isFetching}
        disabled={disabled}
        noOptionsText={t('mailings.audience.noEvents')}
        renderInput={(params) => <TextField {...params} label={t('mailings.audience.event')} required />}
      />
      <FormControl component="fieldset" disabled={disabled}>
        <FormLabel component="legend">{t('mailings.audience.registrationStates')}</FormLabel>
        <FormGroup row>
          {registrationStateValues.map((state) => (
            <FormControlLabel
              key={state}
              control={
                <Checkbox
                  checked={(audience.registrationStates as number[]).includes(state)}
                  onChange={(event) => toggle(state, event.target.checked)}
                />
              }
              label={t(registrationStateLabelKey(state))}
            />
          ))}
        </FormGroup>
      </FormControl>
    </>
  );
}

function ListAudienceField({
  audience,
  onChange,
  disabled,
}: {
  audience: Extract<MailingAudience, { kind: 'list' }>;
  onChange: (audience: MailingAudience) => void;
  disabled?: boolean | undefined;
}) {
  const { t } = useTranslation();
  // The lists she manages; a few hundred at most per person.
  const lists = useMailingLists('visible', 0, 200);
  const managed = (lists.data?.items ?? []).filter((list) => list.canManage);
  return (
    <TextField
      select
      label={t('mailings.audience.list')}
      value={managed.some((list) => list.id === audience.mailingListId) ? audience.mailingListId : ''}
      onChange={(event) => onChange({ kind: 'list', mailingListId: event.target.value })}
      disabled={disabled}
      fullWidth
      required
      helperText={!lists.isPending && managed.length === 0 ? t('mailings.audience.noLists') : undefined}
    >
      {managed.map((list) => (
        <MenuItem key={list.id} value={list.id}>
          {list.clubName ? `${list.name} (${list.clubName})` : list.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
