import { type LanguageCode, defaultLanguageCode, languageCodeEnum } from '@bpw/domain/enums/language';
import { toIsoWithoutMilliseconds } from '@bpw/domain/time-input';
import { AppError } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { PreparedText } from '../../platform/public-cache';
import { getPublicEvent } from './event-reads.service';
import {
  eventHead,
  eventListHead,
  eventListPath,
  eventPagePath,
  notFoundHead,
  pageWithHead,
} from './public-event-head';
import { SITEMAP_EVENT_LIMIT, findSitemapEvents } from './public-event-pages.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now' | 'config'>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?lang=fr` when it names one of our languages; else none (the page's own language). */
export function languageParameter(value: unknown): LanguageCode | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return languageCodeEnum.is(text) ? text : undefined;
}

/**
 * The SPA's page for /events-public/{id} with the event's head. Only an event in a public state
 * is read (the same query as GET event-public/{id}); anything else gets a head that names nothing
 * of it, with 404 and noindex, and the SPA still takes over (a manager's preview works).
 */
export async function renderEventPage(
  deps: Deps,
  template: string,
  params: { id: string; language: LanguageCode | undefined },
): Promise<PreparedText> {
  // Only "not found" becomes the neutral page; a failing database stays an error (and is not cached).
  const event = uuidPattern.test(params.id)
    ? await getPublicEvent(deps, params.id).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NotFound') return null;
        throw error;
      })
    : null;
  if (!event) {
    const language = params.language ?? defaultLanguageCode;
    return { status: 404, body: pageWithHead(template, notFoundHead({ language }), language) };
  }
  const language =
    params.language ??
    (languageCodeEnum.is(event.defaultLanguageCode) ? event.defaultLanguageCode : defaultLanguageCode);
  const head = eventHead(event, {
    publicUrl: deps.config.publicUrl,
    now: deps.now(),
    language,
    hasLanguageParameter: params.language !== undefined,
  });
  return { status: 200, body: pageWithHead(template, head, language) };
}

/** The SPA's page for /events-public with the list's head. */
export function renderEventListPage(
  deps: Deps,
  template: string,
  params: { language: LanguageCode | undefined },
): PreparedText {
  const language = params.language ?? defaultLanguageCode;
  const head = eventListHead({
    publicUrl: deps.config.publicUrl,
    now: deps.now(),
    language,
    hasLanguageParameter: params.language !== undefined,
  });
  return { status: 200, body: pageWithHead(template, head, language) };
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** sitemap.xml (sitemaps.org 0.9): the public list and every public event's page. */
export async function renderSitemap(deps: Deps): Promise<PreparedText> {
  const publicUrl = deps.config.publicUrl;
  const rows = await findSitemapEvents(deps.db, { limit: SITEMAP_EVENT_LIMIT });
  const entry = (path: string, lastModified?: Date) =>
    `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc>${
      lastModified ? `<lastmod>${toIsoWithoutMilliseconds(lastModified)}</lastmod>` : ''
    }</url>`;
  const latest = rows.reduce<Date | undefined>(
    (max, row) => (max === undefined || row.updatedAt > max ? row.updatedAt : max),
    undefined,
  );
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    entry(eventListPath, latest),
    ...rows.map((row) => entry(eventPagePath(row.id), row.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
  return { status: 200, body };
}

/**
 * robots.txt: the public pages may be read, the signed-in areas, the registration links (they
 * carry a personal key) and the API not; the event images of public events may.
 */
export function robotsText(publicUrl: string): string {
  const signedInAreas = [
    '/$',
    '/dashboard',
    '/persons',
    '/clubs',
    '/export',
    '/events$',
    '/events?',
    '/events/',
    '/event-categories',
    '/login',
    '/reset-password',
    '/event-registration-public/',
    '/events-public/*/register',
    '/api/',
  ];
  return [
    'User-agent: *',
    'Allow: /events-public',
    'Allow: /api/v1/event-public/*/event-image',
    ...signedInAreas.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
