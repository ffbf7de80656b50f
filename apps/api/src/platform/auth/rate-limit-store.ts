import { createHmac } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitCounters } from '../../db/schema/rate-limits';

type Hit = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Hit) => void;

/** Stale counters are deleted at most this often per instance (one indexed DELETE). */
const CLEANUP_EVERY_MS = 60_000;
const MAX_COUNT = 2_147_483_647;

/**
 * A @fastify/rate-limit store that keeps the per-address counters in the database
 * (rate_limit_counters), so that a limit holds across every instance on it. One upsert per hit:
 * a new key or a key whose window has ended starts at 1 with a fresh window, else its count goes
 * up by one. The key is the route and an HMAC of the client address under the app's signing key,
 * so the table holds no address (docs/decisions/client-addresses.md).
 */
export function databaseRateLimitStore(options: { db: Db; now: () => Date; secret: Uint8Array }) {
  const { db, now, secret } = options;
  let nextCleanupAt = 0;

  const keyOf = (scope: string, address: string) =>
    `${scope} ${createHmac('sha256', secret).update(address).digest('base64url')}`;

  async function removeStale(at: Date) {
    if (at.getTime() < nextCleanupAt) return;
    nextCleanupAt = at.getTime() + CLEANUP_EVERY_MS;
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEndsAt, at));
  }

  async function increment(key: string, timeWindow: number): Promise<Hit> {
    const at = now();
    await removeStale(at);
    const atText = at.toISOString();
    const windowEndsAt = new Date(at.getTime() + timeWindow);
    const hasEnded = sql`${rateLimitCounters.windowEndsAt} <= ${atText}::timestamptz`;
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ key, count: 1, windowEndsAt })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${hasEnded} then 1 else least(${rateLimitCounters.count} + 1, ${MAX_COUNT}) end`,
          windowEndsAt: sql`case when ${hasEnded} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
        },
      })
      .returning({ count: rateLimitCounters.count, windowEndsAt: rateLimitCounters.windowEndsAt });
    if (!row) throw new Error('rate limit counter not stored');
    return { current: row.count, ttl: Math.max(0, row.windowEndsAt.getTime() - at.getTime()) };
  }

  async function read(key: string): Promise<Hit> {
    const at = now();
    const [row] = await db
      .select({ count: rateLimitCounters.count, windowEndsAt: rateLimitCounters.windowEndsAt })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, key));
    if (!row || row.windowEndsAt.getTime() <= at.getTime()) return { current: 0, ttl: 0 };
    return { current: row.count, ttl: row.windowEndsAt.getTime() - at.getTime() };
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** `scope` names the route (method and URL): each route counts on its own. */
    constructor(
      _params: unknown,
      private readonly scope = '',
    ) {}

    incr(address: string, callback: Callback, timeWindow: number) {
      increment(keyOf(this.scope, address), timeWindow).then(
        (hit) => callback(null, hit),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    read(address: string, callback: Callback) {
      read(keyOf(this.scope, address)).then(
        (hit) => callback(null, hit),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new DatabaseRateLimitStore(routeOptions, `${method} ${route?.url ?? ''}`.trim());
    }
  }
  return DatabaseRateLimitStore satisfies FastifyRateLimitStoreCtor;
}

/** Counts one request of an API token in a store's own key space (api-token-auth.ts). */
export function apiTokenRateCounter(store: FastifyRateLimitStore, options: { timeWindowMs: number; max: number }) {
  return (tokenId: string) =>
    new Promise<Hit>((resolve, reject) =>
      store.incr(
        tokenId,
        (err, hit) => (err || !hit ? reject(err ?? new Error('no count')) : resolve(hit)),
        options.timeWindowMs,
        options.max,
      ),
    );
}
