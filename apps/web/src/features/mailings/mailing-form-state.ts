import { languageCodeValues, type LanguageCode } from '@bpw/domain/enums/language';
import { RegistrationState } from '@bpw/domain/enums/registration';
import type { MailingAudience, MailingText, MailingWriteData } from '@bpw/domain/schemas/mailing';

/** The compose form's texts: one subject and markdown body per language, empty when unused. */
export type TextsByLanguage = Record<LanguageCode, { subject: string; body: string }>;

export const mailingLanguages: readonly LanguageCode[] = languageCodeValues;

export const emptyTexts = (): TextsByLanguage =>
  Object.fromEntries(mailingLanguages.map((language) => [language, { subject: '', body: '' }])) as TextsByLanguage;

export function textsFromMailing(texts: readonly MailingText[]): TextsByLanguage {
  const result = emptyTexts();
  for (const text of texts) result[text.language] = { subject: text.subject, body: text.body };
  return result;
}

/** A language takes part when its subject or body holds anything. */
export const isLanguageUsed = (text: { subject: string; body: string }) =>
  text.subject.trim() !== '' || text.body.trim() !== '';

export const usedLanguages = (texts: TextsByLanguage) =>
  mailingLanguages.filter((language) => isLanguageUsed(texts[language]));

/** The languages whose body is written but whose subject is missing (the server needs both). */
export const languagesWithoutSubject = (texts: TextsByLanguage) =>
  usedLanguages(texts).filter((language) => texts[language].subject.trim() === '');

export function toMailingWrite(
  audience: MailingAudience,
  isAdvertising: boolean,
  texts: TextsByLanguage,
): MailingWriteData {
  return {
    audience,
    isAdvertising,
    texts: usedLanguages(texts).map((language) => ({
      language,
      subject: texts[language].subject.trim(),
      body: texts[language].body,
    })),
  };
}

/** The registration states offered for an event's mailing; pending and confirmed by default. */
export const defaultRegistrationStates = [RegistrationState.Pending, RegistrationState.Confirmed];

/** A person-list filter as the persons list hands it over: GET person's keys and query texts. */
export type PersonFilter = Record<string, string | string[]>;

/** Keeps only texts and lists of texts, without sort and paging keys (the server ignores them). */
export function parsePersonFilter(json: string | null): PersonFilter | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const filter: PersonFilter = {};
    for (const [key, entry] of Object.entries(value)) {
      if (['SortBy', 'SortDesc', 'Page', 'PerPage'].includes(key)) continue;
      if (typeof entry === 'string' && entry.trim() !== '') filter[key] = entry;
      else if (Array.isArray(entry) && entry.length > 0) filter[key] = entry.map(String);
    }
    return filter;
  } catch {
    return null;
  }
}

/**
 * The audience a new mailing starts with, from the address: `?kind=persons&filter=<json>` (the
 * persons list's "write to these persons"), `?kind=club&clubId=`, `?kind=event&eventId=`,
 * `?kind=list&listId=`; else the first club the actor may write to.
 */
export function initialAudience(params: URLSearchParams, defaultClubId: string | null): MailingAudience | null {
  const kind = params.get('kind');
  const clubId = params.get('clubId') ?? defaultClubId;
  if (kind === 'persons') {
    const filter = parsePersonFilter(params.get('filter'));
    return filter ? { kind: 'persons', clubId, filter } : null;
  }
  if (kind === 'event') {
    return { kind: 'event', eventId: params.get('eventId') ?? '', registrationStates: defaultRegistrationStates };
  }
  if (kind === 'list') return { kind: 'list', mailingListId: params.get('listId') ?? '' };
  return clubId ? { kind: 'club', clubId } : null;
}

/** A non-admin writes only to persons of clubs she manages: an unrestricted filter is limited to the sending club. */
export function withClubLimit(audience: MailingAudience, isAdmin: boolean): MailingAudience {
  if (audience.kind !== 'persons' || isAdmin || !audience.clubId) return audience;
  const clubs = audience.filter.Clubs;
  const hasClubs = Array.isArray(clubs) ? clubs.length > 0 : Boolean(clubs);
  return hasClubs ? audience : { ...audience, filter: { ...audience.filter, Clubs: [audience.clubId] } };
}

/** Whether the audience names what it needs (a club, an event, a list, a state). */
export function isAudienceComplete(audience: MailingAudience | null): audience is MailingAudience {
  if (!audience) return false;
  switch (audience.kind) {
    case 'persons':
      return true;
    case 'club':
      return audience.clubId !== '';
    case 'event':
      return audience.eventId !== '' && audience.registrationStates.length > 0;
    case 'list':
      return audience.mailingListId !== '';
  }
}

/** The club a mailing belongs to, as far as the form knows it (for the way back to the archive). */
export const audienceClubId = (audience: MailingAudience | null) =>
  audience && (audience.kind === 'club' || audience.kind === 'persons') ? audience.clubId : null;

/** Sizes as people read them: bytes, kB, MB (one decimal). */
export function formatBytes(bytes: number, locale: string): string {
  const format = (value: number, digits: number) =>
    value.toLocaleString(locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  if (bytes < 1024) return `${format(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024, 0)} kB`;
  return `${format(bytes / (1024 * 1024), 1)} MB`;
}
