/** The product's calendar day: club relations and roles change at midnight in Switzerland. */
export const PRODUCT_TIME_ZONE = 'Europe/Zurich';

const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: PRODUCT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

let last = { minute: Number.NaN, day: '' };

/** YYYY-MM-DD of `now` in Switzerland (every request asks; formatting costs more than the rest of the check). */
export function isoDateInSwitzerland(now: Date): string {
  // Switzerland's offsets are whole hours, so its day changes only where a minute does.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== last.minute) last = { minute, day: formatter.format(now) };
  return last.day;
}
