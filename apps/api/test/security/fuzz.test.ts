import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFuzzBattery } from './fuzz-battery';
import { type SecurityWorld, createSecurityWorld } from './security-world';

/** The quick sample of the fuzz battery (the full 200 cases per route: fuzz.hard.test.ts). */
describe('fuzzing every route (sample): no 5xx, no stack traces', () => {
  let w: SecurityWorld;
  beforeAll(async () => {
    w = await createSecurityWorld();
  });
  afterAll(() => w.t.close());

  it('answers 12 generated requests per route without a server error', async () => {
    expect(await runFuzzBattery(w, { runs: 12, label: 'fuzzing (sample)' })).toEqual([]);
  }, 600_000);
});
