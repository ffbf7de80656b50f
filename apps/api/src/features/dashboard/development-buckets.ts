/** A quarter of GET membership-development: bucketNumber 0 is the oldest, the current one last. */
export type DevelopmentBucketDay = { n: number; quarterStart: string; day: string };

const iso = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The last `buckets` quarters up to today's and the day each is counted on: a past quarter on
 * its last day, the current one as of today (docs/decisions/dashboard.md).
 */
export function developmentBucketDays(today: string, buckets: number): DevelopmentBucketDay[] {
  const year = Number(today.slice(0, 4));
  const quarterMonth = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3;
  return Array.from({ length: buckets }, (_, n) => {
    const start = new Date(Date.UTC(year, quarterMonth - 3 * (buckets - 1 - n), 1));
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 3, 0));
    const day = iso(end) < today ? iso(end) : today;
    return { n, quarterStart: iso(start), day };
  });
}
