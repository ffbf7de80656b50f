import { advertisingEnum } from '@bpw/domain/enums/person-fields';
import type { ConsentLogEntry } from '@bpw/domain/schemas/consent-log';
import type { TFunction } from 'i18next';
import { enumLabel } from '../person-detail-format';

function valueText(subject: ConsentLogEntry['subject'], value: number | boolean, t: TFunction): string {
  if (subject === 'advertising') return enumLabel(advertisingEnum, typeof value === 'number' ? value : null, t);
  if (subject === 'profileVisibility')
    return t(value ? 'personPrivacy.consent.public' : 'personPrivacy.consent.notPublic');
  return t(value ? 'personPrivacy.consent.accepted' : 'personPrivacy.consent.notAccepted');
}

/** "Advertising: None → Through members" in the reader's language. */
export function consentEntryText(entry: ConsentLogEntry, t: TFunction): string {
  const subject = t(`personPrivacy.consent.subject.${entry.subject}`);
  const value = valueText(entry.subject, entry.value, t);
  if (entry.previousValue === null) return t('personPrivacy.consent.set', { subject, value });
  return t('personPrivacy.consent.changed', {
    subject,
    from: valueText(entry.subject, entry.previousValue, t),
    value,
  });
}

/** How and by whom: "Self-service · Anna Muster". */
export function consentSourceText(entry: ConsentLogEntry, t: TFunction): string {
  const channel = t(`personPrivacy.consent.channel.${entry.channel}`);
  if (!entry.actor) return channel;
  const name = [entry.actor.firstname, entry.actor.lastname].filter(Boolean).join(' ');
  return `${channel} · ${name || t('personPrivacy.deletedPerson')}`;
}
