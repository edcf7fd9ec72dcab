#!/usr/bin/env node
// The one test command: lint and format, types, unit and API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), the chains check (devnet and real nodes), then the browser journeys against the
// started product.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTestSystem } from './ensure-test-system.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

// Chromium and fonts for the browser journeys: installed now when missing (apt-get as root).
const chromium = ensureTestSystem();

function step(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return run.status === 0;
}

const vitestJson = join(results, 'vitest.json');
const playwrightJson = join(results, 'playwright.json');
const ok =
  step('lint and format (biome; warnings are errors)', 'npx', ['biome', 'check', '--error-on-warnings', '.']) &&
  step('types (tsc)', 'npm', ['run', 'typecheck', '--silent']) &&
  step(`unit and API tests (vitest; API on PGlite${process.env.TEST_DATABASE_URL ? ' and PostgreSQL' : ''})`, 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]) &&
  // The chains check as a new user would run it: a fresh data folder on the devnet, then the real nodes.
  step('chains check on the devnet (fresh DATA_DIR)', 'npm', ['run', 'chains:check', '--silent'], {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vaultline-chains-check-')),
    DATABASE_URL: '',
  }) &&
  step('chains check on anvil, regtest and LiteSVM', 'npm', ['run', 'chains:check', '--silent', '--', '--nodes'], {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vaultline-chains-check-')),
    DATABASE_URL: '',
  }) &&
  step('web build', 'npm', ['run', 'build', '-w', '@vaultline/web', '--silent']) &&
  // Each screen's first-load JS and CSS (gzip) against the budget of issue 17; prints the table, fails when a screen
  // grows past its enforced limit (the ratchet toward the budget).
  step('web size budget', 'npm', ['run', 'size:check', '-w', '@vaultline/web', '--silent']) &&
  step(
    'browser journeys (playwright, chromium)',
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
      CHROMIUM_PATH: chromium,
    },
  ) &&
  // The audit log of each product the journeys used, after all of them (their servers have stopped): every chain
  // must verify, whatever the journeys did.
  ['3100', '3101'].every((port) =>
    step(
      `audit log of the journeys' product on port ${port} (npm run audit:verify)`,
      'npm',
      ['run', 'audit:verify', '--silent'],
      {
        DATA_DIR: join(results, `e2e-data-${port}`),
        DATABASE_URL: '',
      },
    ),
  );

const read = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};
let passed = 0;
let failed = 0;
let skipped = 0;
const v = read(vitestJson);
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
}
const p = read(playwrightJson);
if (p?.stats) {
  passed += p.stats.expected;
  failed += p.stats.unexpected + (p.stats.flaky ?? 0);
  skipped += p.stats.skipped;
}
console.log(`\nScreenshots and reports: ${results}`);
console.log(`${ok ? 'tests' : 'FAILED'}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok && failed === 0 ? 0 : 1);
