import { createHash, createHmac } from 'node:crypto';
import type { Actor } from '@bpw/domain/actor';
import type { Locale } from '@bpw/domain/enums/language';
import { RegistrationState } from '@bpw/domain/enums/registration';
import type { CalendarFeedLinks } from '@bpw/domain/schemas/calendar-feed';
import type { Db } from '../../db/client';

import { notFound } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { translate } from '../../platform/i18n';
import { readPublicContentVersion } from '../../platform/public-cache';
import { systemSecret } from '../../platform/system-secrets';
import { buildFeed } from './calendar-feed-ics';
import {
  findClubFeedEvents,
  findClubName,
  findFeedByKeyHash,
  findFeedOfPerson,
  findPersonFeedEvents,
  saveFeed,
} from './calendar-feeds.queries';

/**
 * Calendar feeds (issue 19, docs/decisions/calendar-feed.md). A person's secret feed address
 * carries a key derived from a server secret, her id and the moment the feed was (re)made; only
 * the key's hash is stored to find her, yet her page can show the address again at any time.
 * Renewing makes a new moment, so the old address stops at once.
 *
 * Polling clients get a 304 for an unchanged feed after two small reads (the key lookup and the
 * public content version, a sequence every event and registration write advances): the events
 * are read only when something may have changed.
 */
type Deps = Pick<FeatureDeps, 'db' | 'now' | 'config'>;

/** Events ending up to this long ago stay in a feed; at most FEED_LIMIT events, the newest. */
const PAST_DAYS = 180;
const FEED_LIMIT = 500;
const DAY_MS = 86_400_000;
const KEY_NAME = 'calendar-feed-key';
const secretOf = (db: Db): Promise<Buffer> => systemSecret(db, KEY_NAME);

const keyOf = (secret: Buffer, personId: string, createdAt: Date) =>
  createHmac('sha256', secret).update(`calendar-feed:${personId}:${createdAt.getTime()}`).digest('base64url');
const hashOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

function linksOf(publicUrl: string, path: string): CalendarFeedLinks {
  const url = `${publicUrl}${path}`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}
const personalPath = (key: string) => `/api/v1/calendar-feed/${key}/calendar.ics`;

/** GET calendar-feed: her feed's address, made on first use. */
export async function getOwnFeed(deps: Deps, actor: Actor): Promise<CalendarFeedLinks> {
  const secret = await secretOf(deps.db);
  let feed = await findFeedOfPerson(deps.db, { personId: actor.personId });
  if (!feed) {
    const createdAt = deps.now();
    await saveFeed(deps.db, {
      personId: actor.personId,
      keyHash: hashOf(keyOf(secret, actor.personId, createdAt)),
      createdAt,
    });
    feed = { personId: actor.personId, keyHash: '', createdAt };
  }
  return linksOf(deps.config.publicUrl, personalPath(keyOf(secret, actor.personId, feed.createdAt)));
}

/** PUT calendar-feed/renewal: a new address; the old one answers 404 from now on. */
export async function renewOwnFeed(deps: Deps, actor: Actor): Promise<CalendarFeedLinks> {
  const secret = await secretOf(deps.db);
  const before = await findFeedOfPerson(deps.db, { personId: actor.personId });
  // A different moment than the last, even within one millisecond.
  const now = deps.now();
  const createdAt =
    before && before.createdAt.getTime() >= now.getTime() ? new Date(before.createdAt.getTime() + 1) : now;
  const key = keyOf(secret, actor.personId, createdAt);
  await saveFeed(deps.db, { personId: actor.personId, keyHash: hashOf(key), createdAt });
  return linksOf(deps.config.publicUrl, personalPath(key));
}

/** GET club-public/{id}/calendar-feed: the address of a club's public feed (404 for no club). */
export async function getClubFeedLinks(deps: Deps, clubId: string): Promise<CalendarFeedLinks> {
  if ((await findClubName(deps.db, { clubId })) === undefined) throw notFound();
  return linksOf(deps.config.publicUrl, `/api/v1/club-public/${clubId}/calendar.ics`);
}

export type FeedAnswer = { etag: string; body: () => Promise<string> };

/** The first day the feed still shows (UTC midnight), so that the answer changes only daily by itself. */
function windowStart(now: Date) {
  const day = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return new Date(day - PAST_DAYS * DAY_MS);
}
const etagOf = (...parts: string[]) =>
  `"${createHash('sha256').update(parts.join(':')).digest('base64url').slice(0, 27)}"`;

/** GET calendar-feed/{key}/calendar.ics: 404 for a key that is not (or no longer) a feed's. */
export async function personalFeed(deps: Deps, key: string, locale: Locale): Promise<FeedAnswer> {
  const feed = await findFeedByKeyHash(deps.db, { keyHash: hashOf(key) });
  if (!feed) throw notFound('error.calendarFeedUnknown');
  const now = deps.now();
  const from = windowStart(now);
  const version = await readPublicContentVersion(deps.db);
  return {
    etag: etagOf('person', feed.personId, version, from.toISOString(), locale),
    body: async () => {
      const rows = await findPersonFeedEvents(deps.db, { personId: feed.personId, from, now, limit: FEED_LIMIT });
      return buildFeed({
        name: translate(locale, 'calendar.personalFeedName'),
        publicUrl: deps.config.publicUrl,
        now,
        events: rows.map((row) => ({ ...row, isTentative: row.registrationState === RegistrationState.Pending })),
      });
    },
  };
}

/** GET club-public/{id}/calendar.ics: the club's public events. */
export async function clubFeed(deps: Deps, clubId: string, locale: Locale): Promise<FeedAnswer> {
  const now = deps.now();
  const from = windowStart(now);
  const version = await readPublicContentVersion(deps.db);
  return {
    etag: etagOf('club', clubId, version, from.toISOString(), locale),
    body: async () => {
      const club = await findClubName(deps.db, { clubId });
      if (club === undefined) throw notFound();
      const rows = await findClubFeedEvents(deps.db, { clubId, from, limit: FEED_LIMIT });
      return buildFeed({
        name: translate(locale, 'calendar.clubFeedName', { club }),
        publicUrl: deps.config.publicUrl,
        now,
        events: rows,
      });
    },
  };
}
