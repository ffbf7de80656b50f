import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runControlCharacterBattery, runDateEdgeBattery } from './fuzz-battery';
import { type SecurityWorld, createSecurityWorld } from './security-world';

/**
 * Issue 15: control characters (NUL above all) anywhere in the input, and dates at the edges in
 * every date field, are refused with 400 and the generic message, never a 5xx.
 */
describe('hostile text and edge dates in every field the API takes', () => {
  let w: SecurityWorld;
  beforeAll(async () => {
    w = await createSecurityWorld();
  });
  afterAll(() => w.t.close());

  it('refuses control characters in every path parameter, query parameter and body field with "is invalid"', async () => {
    expect(await runControlCharacterBattery(w, { label: 'control characters' })).toEqual([]);
  }, 600_000);

  it('refuses edge dates in every date and date-time field with "is no valid date"', async () => {
    expect(await runDateEdgeBattery(w, { label: 'edge dates' })).toEqual([]);
  }, 600_000);
});
