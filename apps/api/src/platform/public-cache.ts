import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../db/client';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * The version of the public content (migration 0012): a sequence every write to events,
 * registrations, categories and clubs advances. One cheap read; also the calendar feeds' ETag.
 */
export async function readPublicContentVersion(db: DbOrTx): Promise<string> {
  const result = (await db.execute(sql`select last_value::text as v from public_content_version`)) as unknown as {
    rows: { v: string }[];
  };
  return result.rows[0]?.v ?? '0';
}

/** One answer as it is sent: the JSON (or other) text, compressed once, and its entity tag. */
type Prepared = { version: string; status: number; etag: string; json: Buffer; gzip: Buffer; br: Buffer };

/** What a text answer is made of (the server-built pages of issue 27): its status and its text. */
export type PreparedText = { status: number; body: string };

/**
 * Answers that are the same for every visitor (the public event list and an event's public page
 * for a visitor who is not signed in), prepared once and sent as they are to every caller until
 * the data behind them changes (issue 24: the public list under a crowd took the event loop for
 * itself). Whether it changed is read from `public_content_version`, a sequence that triggers
 * on the tables behind the public pages advance (migration 0012): one cheap read per request, so
 * a change made through any instance is seen by all. An answer also ages out after `ttlMs`,
 * because parts of it follow the clock (free slots while pending registrations expire); it is
 * then prepared again in the background and sent as it is meanwhile.
 * Browsers and proxies may keep it briefly too (Cache-Control, ETag, 304).
 */
export function createPublicCache(deps: { db: DbOrTx; ttlMs?: number; maxEntries?: number }) {
  const prepared = new LRUCache<string, Prepared, { version: string; compute: () => Promise<PreparedText> }>({
    max: deps.maxEntries ?? 500,
    ttl: deps.ttlMs ?? 10_000,
    // An answer that only aged out is sent while the next is prepared (sendPrepared).
    noDeleteOnStaleGet: true,
    // Concurrent misses of one key wait for one computation.
    fetchMethod: async (_key, _stale, { context }) => {
      const { status, body } = await context.compute();
      const json = Buffer.from(body);
      const [gzipped, brotlied] = await Promise.all([
        gzip(json, { level: 6 }),
        brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
      ]);
      const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
      return { version: context.version, status, etag, json, gzip: gzipped, br: brotlied };
    },
  });

  const currentVersion = () => readPublicContentVersion(deps.db);

  /** Sends the prepared answer for `key` (the request's URL), computing it when there is none. */
  function send(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) {
    return sendPrepared(request, reply, {
      key: request.url,
      type: 'application/json; charset=utf-8',
      cacheControl: 'public, max-age=5, stale-while-revalidate=30',
      compute: async () => ({ status: 200, body: JSON.stringify(await compute()) }),
    });
  }

  /**
   * The same for a text of another type (the public pages' HTML, the sitemap), kept under `key`:
   * a page's key names what it depends on (event and language), not every query string a link
   * may carry.
   */
  async function sendPrepared(
    request: FastifyRequest,
    reply: FastifyReply,
    options: {
      key: string;
      type: string;
      cacheControl: string;
      compute: () => Promise<PreparedText>;
      /** Send the answer already prepared while the new one is made (a large one, e.g. the sitemap). */
      isStaleAllowed?: boolean;
    },
  ) {
    const version = await currentVersion();
    const { key, compute, isStaleAllowed = false } = options;
    let entry = prepared.get(key, { allowStale: true });
    const isCurrent = entry?.version === version;
    if (!entry || (!isCurrent && !isStaleAllowed)) {
      entry = await prepared.fetch(key, { context: { version, compute }, forceRefresh: entry !== undefined });
    } else if (!isCurrent || prepared.getRemainingTTL(key) <= 0) {
      // Nothing changed, the answer only aged out (its clock-bound parts: free slots, deadlines),
      // or a stale one is allowed: it is sent while the next is prepared, so a crowd does not
      // wait for the preparation every ten seconds (issue 24). Concurrent refreshes are one.
      prepared.fetch(key, { context: { version, compute }, forceRefresh: true }).catch(() => undefined);
    }
    if (!entry) throw new Error('public cache: nothing prepared');
    reply.header('ETag', entry.etag).header('Cache-Control', options.cacheControl).header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    reply.code(entry.status).type(options.type);
    if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(entry.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(entry.gzip);
    return reply.send(entry.json);
  }

  return { send, sendPrepared };
}

export type PublicCache = ReturnType<typeof createPublicCache>;
