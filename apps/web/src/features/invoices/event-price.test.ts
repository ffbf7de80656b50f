import { describe, expect, it } from 'vitest';
import { priceFromCost } from './event-price';

describe('priceFromCost (the event invoice run prefills the price from the event cost)', () => {
  it('reads one amount with a currency or the Swiss dash', () => {
    expect(priceFromCost('CHF 45.00')).toBe(4500);
    expect(priceFromCost('CHF 45.– inkl. Apéro')).toBe(4500);
    expect(priceFromCost('Fr. 30.-')).toBe(3000);
    expect(priceFromCost('45 CHF')).toBe(4500);
    expect(priceFromCost("CHF 1'200.50")).toBe(120050);
    expect(priceFromCost('Kosten: 25,50 CHF pro Person')).toBe(2550);
    expect(priceFromCost('45')).toBe(4500);
    expect(priceFromCost('45.50')).toBe(4550);
  });

  it('takes the same amount named twice once', () => {
    expect(priceFromCost('CHF 40 (Mitglieder und Gäste: CHF 40.00)')).toBe(4000);
  });

  it('gives nothing for two prices, none, dates, times or years', () => {
    expect(priceFromCost('Mitglieder CHF 40.–, Gäste CHF 60.–')).toBeNull();
    expect(priceFromCost('Kostenlos')).toBeNull();
    expect(priceFromCost('')).toBeNull();
    expect(priceFromCost(null)).toBeNull();
    expect(priceFromCost('Anmeldung bis 31.5., Apéro ab 18:30')).toBeNull();
    expect(priceFromCost('Generalversammlung 2026, CHF 80')).toBe(8000);
    expect(priceFromCost('CHF 0.00')).toBeNull();
  });
});
