import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const api = (name: string, kind: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: 'apps/api',
    include: ['src/**/*.test.ts'],
    // Tests against real chain nodes need no database: they run once, in their own project below.
    exclude: ['src/**/*.node.test.ts'],
    environment: 'node',
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker runs many files in turn on one module graph instead of importing the app's graph again for each
    // file: vitest's import time, summed over the files, was 587 s of a CI run, 87 s this way, and all projects'
    // vitest took 785-910 s of a CI run against 1,443 s isolated (runs of 2026-12-01). Every file makes its own
    // database and app, so what files share is module state only: the process's metrics registry (its test
    // compares counts before and after), caches keyed by their own secrets and ids, and types a test registers
    // and removes again.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Two test files at a time even on a two-core machine (vitest's default is one fewer than the cores): the API
    // files wait on PostgreSQL, argon2 and child processes, and one file at a time left a core idle. On the
    // two-core machines CI runs on, one worker made the suite about an hour; every file has its own database.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      { test: { name: 'chains', root: 'packages/chains', include: ['src/**/*.test.ts'], passWithNoTests: true } },
      // The demo air-gapped signer, run as its own process.
      { test: { name: 'cold-signer', root: 'apps/cold-signer', include: ['src/**/*.test.ts'], testTimeout: 30_000 } },
      api('api:pglite', 'pglite'),
      // Builders and signers against real nodes: anvil (child process), litesvm (in-process), litecoind -regtest.
      {
        test: {
          name: 'chain-nodes',
          root: 'apps/api',
          include: ['src/**/*.node.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The same API suite again on a real PostgreSQL server when one is named (CI always names one).
      ...(process.env.TEST_DATABASE_URL ? [api('api:postgres', 'postgres')] : []),
      'apps/web/vitest.config.ts',
      // The import boundaries of biome.jsonc, proven by planting files that cross them.
      {
        test: { name: 'boundaries', root: 'scripts', include: ['*.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
    ],
  },
});
