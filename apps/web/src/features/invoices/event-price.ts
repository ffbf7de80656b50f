/**
 * Issue 17: the price per registration read from an event's cost (spec 02: free text), to
 * prefill the event invoice run. Only an amount that is clearly money counts: with a currency
 * ("CHF 45", "45 Fr.") or the Swiss dash ("45.–"), or a cost that is nothing but a number. Two
 * different amounts (members and guests) or none: null, and she types the price herself.
 */
const amount =
  /(?<![\d.,'’])(?:(CHF|SFr\.?|Fr\.)\s*)?(\d{1,3}(?:['’]\d{3})+|\d{1,7})(?:[.,](\d{2}|[-–—]{1,2}))?(?![\d.,]?\d)(?:\s*(CHF|SFr\.?|Fr\.))?/gi;

export function priceFromCost(cost: string | null | undefined): number | null {
  const text = cost?.trim() ?? '';
  if (!text) return null;
  const found = new Set<number>();
  for (const match of text.matchAll(amount)) {
    const [whole, before, francs, decimals, after] = match;
    const hasDash = decimals !== undefined && !/^\d+$/.test(decimals);
    if (!before && !after && !hasDash && whole.trim() !== text) continue;
    const cents = decimals && /^\d{2}$/.test(decimals) ? Number(decimals) : 0;
    found.add(Number(francs!.replace(/['’]/g, '')) * 100 + cents);
  }
  if (found.size !== 1) return null;
  const [price] = found;
  return price! > 0 ? price! : null;
}
