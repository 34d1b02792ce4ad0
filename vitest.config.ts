import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds the sample-corpus index once per run and shares its path through FILINGS_TEST_INDEX.
    globalSetup: ['test/global-setup.ts'],
    // Every test file gets a temporary directory of its own and fails if it leaves anything there.
    setupFiles: ['test/helpers/tmp-check.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
