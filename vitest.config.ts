import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// The long battery (*.hard.test.ts) runs only in `npm run test:hard` (vitest.hard.config.ts).
const exclude = [...configDefaults.exclude, '**/*.hard.test.ts'];

export default defineConfig({
  test: {
    // Vitest's default is the cores less one: one worker on CI's two cores, which left the second
    // core idle while PGlite (in the worker's thread) worked. Two workers there: 630 s for the
    // whole run instead of about 1,900 s (docs/decisions/reliability.md).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], exclude, environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          exclude,
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // The same in CI as the journeys (playwright.config.ts): one retry, shown in the output.
          retry: process.env.CI ? 1 : 0,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
