import { availableParallelism } from 'node:os';
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
    // A fork a core: Vitest's default is one fewer, a single fork on two cores, where much of a file's
    // time is spent waiting on the processes, servers and timers it starts.
    poolOptions: { forks: { maxForks: availableParallelism(), minForks: 1 } },
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
