import { eventRegistrationTypeEnum, EventRegistrationType } from '@bpw/domain/enums/event';
import { languageCodeEnum, type LanguageCode } from '@bpw/domain/enums/language';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EventPlaceLinks, placeLines } from './event-place-links';
import { formatDateTime, formatEventRange } from './format-event-date';
import type { PublicEventDetail } from './public-event';
import { useSlotsText } from './registration-icons';
import { breakLongWords } from '../../../lib/map-links';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 500 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body1"
        sx={{ m: 0, mb: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
      >
        {children}
      </Typography>
    </>
  );
}

/** Spec 02 §2 "Public event detail" meta data: when, where, categories, registration, cost, contact. */
export function EventMetaData({ event }: { event: PublicEventDetail }) {
  const { t, i18n } = useTranslation();
  const slotsText = useSlotsText()(event);
  const type = event.registrationType;
  const hasOwnRegistration =
    type === EventRegistrationType.UnlimitedSlots || type === EventRegistrationType.LimitedSlots;
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <Item label={t('eventsShared.meta.date')}>{formatEventRange(event.eventFrom, event.eventTo, i18n.language)}</Item>
      <Item label={t('eventsShared.meta.place')}>
        {placeLines(event, i18n.language).join('\n')}
        <Box sx={{ mt: 0.5 }}>
          <EventPlaceLinks place={event} />
        </Box>
      </Item>
      {event.eventCategories.length ? (
        <Item label={t('eventsShared.meta.categories')}>
          <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {event.eventCategories.map((category) => (
              <Chip key={category.id} size="small" label={category.title} component="span" />
            ))}
          </Box>
        </Item>
      ) : null}
      <Item label={t('eventsShared.meta.registration')}>
        {slotsText
          ? `${t(eventRegistrationTypeEnum.labelKey(type))}: ${slotsText}`
          : t(eventRegistrationTypeEnum.labelKey(type))}
      </Item>
      {hasOwnRegistration && event.registrationTo ? (
        <Item label={t('eventsShared.meta.registrationTo')}>{formatDateTime(event.registrationTo, i18n.language)}</Item>
      ) : null}
      {hasOwnRegistration && event.unregistrationTo ? (
        <Item label={t('eventsShared.meta.unregistrationTo')}>
          {formatDateTime(event.unregistrationTo, i18n.language)}
        </Item>
      ) : null}
      {event.cost ? <Item label={t('eventsShared.meta.cost')}>{breakLongWords(event.cost)}</Item> : null}
      {event.contactDetails ? (
        <Item label={t('eventsShared.meta.contact')}>{breakLongWords(event.contactDetails)}</Item>
      ) : null}
      {languageCodeEnum.is(event.defaultLanguageCode) ? (
        <Item label={t('eventsShared.meta.language')}>
          {t(languageCodeEnum.labelKey(event.defaultLanguageCode as LanguageCode))}
        </Item>
      ) : null}
    </Box>
  );
}
