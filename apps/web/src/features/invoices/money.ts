/**
 * Money in the web app (DESIGN: integer centimes with the currency, CHF). Shown in the user's
 * locale (de-CH: "CHF 1’234.50", fr-CH: "1 234,50 CHF").
 */
export function formatMoney(centimes: number, locale: string, currency = 'CHF'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(centimes / 100);
}

/**
 * An amount typed into a field as centimes, or null when it is not an amount: digits with an
 * optional "." or "," and at most two decimals; apostrophes, spaces and "CHF" are ignored
 * (a Swiss user types 1'234.50 or 1 234,50).
 */
export function parseMoney(text: string): number | null {
  const cleaned = text
    .replace(/chf/i, '')
    .replace(/[\s'’\u00a0\u202f]/g, '')
    .trim();
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const francs = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return francs * 100 + cents;
}

/** Centimes as the text of an amount field (no currency, "." as decimal mark): 12.50. */
export const moneyInputText = (centimes: number) => (centimes / 100).toFixed(2);
