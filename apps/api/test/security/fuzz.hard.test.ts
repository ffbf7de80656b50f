import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFuzzBattery } from './fuzz-battery';
import { type SecurityWorld, createSecurityWorld } from './security-world';

/** The full fuzz battery (npm run test:hard): 200 generated requests for every route. */
describe('fuzzing every route (200 cases each): no 5xx, no stack traces', () => {
  let w: SecurityWorld;
  beforeAll(async () => {
    w = await createSecurityWorld();
  });
  afterAll(() => w.t.close());

  it('answers 200 generated requests per route without a server error', async () => {
    expect(await runFuzzBattery(w, { runs: 200, label: 'fuzzing (full)' })).toEqual([]);
  }, 3_600_000);
});
