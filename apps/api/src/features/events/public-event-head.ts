import { EventRegistrationType, EventState } from '@bpw/domain/enums/event';
import { type LanguageCode, type Locale, languageCodeValues, localeOfLanguage } from '@bpw/domain/enums/language';
import { eventTimeZone, isoWithOffset } from '@bpw/domain/event-time';
import { type Event, eventImageUrl } from '@bpw/domain/schemas/event';
import { translate } from '../../platform/i18n';

/**
 * The HTML head of the public event pages, built on the server from the API's own event data
 * (issue 27): what messengers, social networks and search engines read of a shared link, since
 * none of them runs the SPA. Every text is HTML-escaped; the JSON-LD escapes `<`, so no value
 * ends its script element. docs/decisions/public-event-heads.md.
 */

export const siteName = 'BPW Switzerland';
/** Rendered by the API itself (`public-event-pages.routes.ts`): 1200x630, as link previews want it. */
export const defaultImagePath = '/event-default-image.png';
export const defaultImageSize = { width: 1200, height: 630 } as const;

const descriptionLimit = 300;

export type HeadContext = { publicUrl: string; now: Date; language: LanguageCode; hasLanguageParameter: boolean };

export const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>` and `&` as JSON escapes
 * (`</script>` and `<!--` can then never appear), and the line separators JavaScript reads as line ends.
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** One line, at most `limit` characters, cut at a word with an ellipsis. */
export function shortText(value: string, limit = descriptionLimit): string {
  const text = value.replace(/\s+/g, ' ').trim();
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > limit / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** `de_CH` as Open Graph writes locales. */
const ogLocale = (locale: Locale) => locale.replace('-', '_');

export const eventPagePath = (eventId: string) => `/events-public/${eventId}`;
export const eventListPath = '/events-public';

/** The page's URL in one language (`?lang=fr`), or without it (the x-default). */
const pageUrl = (publicUrl: string, path: string, language?: LanguageCode) =>
  `${publicUrl}${path}${language ? `?lang=${language}` : ''}`;

/** Has the event taken place (Completed, or its end, else its start, is over)? */
export function isPastEvent(event: Pick<Event, 'eventState' | 'eventFrom' | 'eventTo'>, now: Date): boolean {
  if (event.eventState === EventState.Completed) return true;
  return Date.parse(event.eventTo ?? event.eventFrom) < now.getTime();
}

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
function formatEventDate(iso: string, locale: Locale): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: eventTimeZone,
    });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}

/**
 * The price of a free-text cost when it plainly names one ("CHF 40.–", "40 Fr.", "gratis"); else
 * none, and the offer carries no price rather than a guessed one.
 */
export function priceOf(cost: string | null): { price: string; priceCurrency: string } | null {
  const text = cost?.trim() ?? '';
  if (text === '') return null;
  if (/^(gratis|kostenlos|free|gratuit|gratuito|0)\.?$/i.test(text)) return { price: '0', priceCurrency: 'CHF' };
  const match =
    /^(?:CHF|Fr\.|SFr\.)\s*(\d{1,6})(?:[.,](\d{2}|–|-))?\.?$/i.exec(text) ??
    /^(\d{1,6})(?:[.,](\d{2}|–|-))?\s*(?:CHF|Fr\.|Franken|francs)$/i.exec(text);
  if (!match) return null;
  const cents = match[2] && /^\d{2}$/.test(match[2]) ? match[2] : '00';
  return { price: `${match[1]}.${cents}`, priceCurrency: 'CHF' };
}

const present = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

/** schema.org `Event` of a public event (Google's required and recommended properties where known). */
export function eventStructuredData(event: Event, context: Pick<HeadContext, 'publicUrl'>) {
  const url = pageUrl(context.publicUrl, eventPagePath(event.id));
  const geo =
    event.lat !== null && event.long !== null
      ? { '@type': 'GeoCoordinates', latitude: event.lat, longitude: event.long }
      : undefined;
  const offers =
    event.registrationType === EventRegistrationType.NoRegistration
      ? undefined
      : {
          '@type': 'Offer',
          url: present(event.externalRegistrationUrl) ?? `${url}/register`,
          availability:
            event.registrationType === EventRegistrationType.LimitedSlots && event.availableRegistrationSlots === 0
              ? 'https://schema.org/SoldOut'
              : 'https://schema.org/InStock',
          ...(event.registrationTo ? { validThrough: isoWithOffset(event.registrationTo) } : {}),
          ...priceOf(event.cost),
        };
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: present(event.teaserText) ?? event.title,
    url,
    startDate: isoWithOffset(event.eventFrom),
    ...(event.eventTo ? { endDate: isoWithOffset(event.eventTo) } : {}),
    // The spec knows no cancelled or postponed state: a public event takes place as announced.
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    inLanguage: event.defaultLanguageCode,
    location: {
      '@type': 'Place',
      name: present(event.location) ?? present(event.city) ?? event.title,
      address: {
        '@type': 'PostalAddress',
        streetAddress: [event.address1, event.address2, event.street].map(present).filter(Boolean).join(', '),
        postalCode: event.zip,
        addressLocality: event.city,
        ...((present(event.state) ?? present(event.county))
          ? { addressRegion: present(event.state) ?? present(event.county) }
          : {}),
        addressCountry: event.countryCode,
      },
      ...(geo ? { geo } : {}),
    },
    organizer: { '@type': 'Organization', name: event.responsibleClub.name, url: context.publicUrl },
    image: [imageUrlOf(event, context.publicUrl)],
    ...(offers ? { offers } : {}),
  };
}

const imageUrlOf = (event: Pick<Event, 'id' | 'eventImageId'>, publicUrl: string) =>
  event.eventImageId
    ? `${publicUrl}${eventImageUrl({ id: event.id, eventImageId: event.eventImageId }, { size: 'large' })}`
    : `${publicUrl}${defaultImagePath}`;

type HeadParts = {
  locale: Locale;
  title: string;
  description: string;
  path: string;
  image: { url: string; type: string; width?: number; height?: number; alt: string };
  jsonLd?: unknown;
};

function renderHead(parts: HeadParts, context: HeadContext): string {
  const language = context.language;
  const canonical = pageUrl(context.publicUrl, parts.path, context.hasLanguageParameter ? language : undefined);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const lines = [
    `<title>${escapeHtml(parts.title === siteName ? siteName : `${parts.title} – ${siteName}`)}</title>`,
    meta('name', 'description', parts.description),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...languageCodeValues.map(
      (code) =>
        `<link rel="alternate" hreflang="${localeOfLanguage[code]}" href="${escapeHtml(pageUrl(context.publicUrl, parts.path, code))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(context.publicUrl, parts.path))}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', parts.title),
    meta('property', 'og:description', parts.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:locale', ogLocale(parts.locale)),
    ...languageCodeValues
      .filter((code) => code !== language)
      .map((code) => meta('property', 'og:locale:alternate', ogLocale(localeOfLanguage[code]))),
    meta('property', 'og:image', parts.image.url),
    meta('property', 'og:image:type', parts.image.type),
    ...(parts.image.width ? [meta('property', 'og:image:width', String(parts.image.width))] : []),
    ...(parts.image.height ? [meta('property', 'og:image:height', String(parts.image.height))] : []),
    meta('property', 'og:image:alt', parts.image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', parts.title),
    meta('name', 'twitter:description', parts.description),
    meta('name', 'twitter:image', parts.image.url),
    meta('name', 'twitter:image:alt', parts.image.alt),
    ...(parts.jsonLd === undefined
      ? []
      : [`<script type="application/ld+json">${jsonForScript(parts.jsonLd)}</script>`]),
  ];
  return lines.join('\n    ');
}

const defaultImage = (publicUrl: string, alt: string) => ({
  url: `${publicUrl}${defaultImagePath}`,
  type: 'image/png',
  ...defaultImageSize,
  alt,
});

/** The head of a public event's page; a past event says so in its description. */
export function eventHead(event: Event, context: HeadContext): string {
  const locale = localeOfLanguage[context.language];
  const teaser = shortText(event.teaserText);
  const past = isPastEvent(event, context.now)
    ? translate(locale, 'publicPage.pastEvent', { date: formatEventDate(event.eventFrom, locale) })
    : '';
  const description = shortText([past, teaser || event.title].filter(Boolean).join(' '));
  const image = event.eventImageId
    ? { url: imageUrlOf(event, context.publicUrl), type: 'image/webp', alt: event.title }
    : defaultImage(context.publicUrl, event.title);
  return renderHead(
    {
      locale,
      title: event.title,
      description,
      path: eventPagePath(event.id),
      image,
      jsonLd: eventStructuredData(event, context),
    },
    context,
  );
}

/** The head of the public event list. */
export function eventListHead(context: HeadContext): string {
  const locale = localeOfLanguage[context.language];
  const title = translate(locale, 'publicPage.listTitle');
  return renderHead(
    {
      locale,
      title,
      description: translate(locale, 'publicPage.listDescription'),
      path: eventListPath,
      image: defaultImage(context.publicUrl, siteName),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: title,
        url: pageUrl(context.publicUrl, eventListPath),
        publisher: { '@type': 'Organization', name: siteName, url: context.publicUrl },
      },
    },
    context,
  );
}

/** The head of an event page that shows nothing: unknown, or not public. Search engines drop it. */
export function notFoundHead(context: Pick<HeadContext, 'language'>): string {
  const locale = localeOfLanguage[context.language];
  return [
    `<title>${escapeHtml(`${translate(locale, 'publicPage.notFoundTitle')} – ${siteName}`)}</title>`,
    '<meta name="robots" content="noindex" />',
  ].join('\n    ');
}

/** The SPA's index.html with this head in place of its title, and the page's language. */
export function pageWithHead(template: string, head: string, language: LanguageCode): string {
  const locale = localeOfLanguage[language];
  const withLanguage = template.replace(/<html([^>]*?)\slang="[^"]*"/i, `<html$1 lang="${locale}"`);
  const withoutTitle = withLanguage.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
  // A function, so that `$` in a title is never read as a replacement pattern.
  return withoutTitle.replace(/<\/head>/i, () => `  ${head}\n  </head>`);
}
