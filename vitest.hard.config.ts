import { defineConfig } from 'vitest/config';

/**
 * `npm run test:hard`: the long battery (`*.hard.test.ts`: crash safety, backup and restore, the
 * security battery's long runs). One file at a time, so a test's timings and kills are not
 * skewed by another's load; each test reports its figure on the output.
 */
export default defineConfig({
  test: {
    name: 'hard',
    include: [
      'apps/api/src/**/*.hard.test.ts',
      'apps/api/test/**/*.hard.test.ts',
      'packages/domain/src/**/*.hard.test.ts',
    ],
    environment: 'node',
    globalSetup: ['apps/api/test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30 * 60_000,
    hookTimeout: 10 * 60_000,
  },
});
