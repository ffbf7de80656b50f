/** The product's calendar day: club relations and roles change at midnight in Switzerland. */
export const PRODUCT_TIME_ZONE = 'Europe/Zurich';

const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: PRODUCT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of `now` in Switzerland. */
export const isoDateInSwitzerland = (now: Date) => formatter.format(now);
