import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/** A second product with a 60-second session, for the keep-alive journey. */
export const SHORT_SESSION_URL = `http://localhost:${port + 1}`;

export default defineConfig({
  testDir: './tests',
  // Per port, so runs on different ports never clobber each other's artifacts.
  outputDir: port === 3100 ? '../test-results/e2e' : `../test-results/e2e-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Every screenshot also runs axe (a11y.helpers.ts): a journey step takes longer than it did.
  timeout: 60_000,
  reporter: [['list'], ['json']],
  // The demo owner's first sign-in (a new address verified by email) must be the first of the run: the sign-in
  // journeys go first, every other journey after them, whatever their file names.
  projects: [
    { name: 'sign-in', testMatch: /auth\.spec\.ts$/ },
    { name: 'journeys', testIgnore: /auth\.spec\.ts$/, dependencies: ['sign-in'] },
  ],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1366, height: 860 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    timezoneId: 'Asia/Seoul',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node ../scripts/e2e-server.mjs',
      url: `http://localhost:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_PORT: String(port) },
    },
    {
      command: 'node ../scripts/e2e-server.mjs',
      url: `${SHORT_SESSION_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_PORT: String(port + 1), SESSION_TIMEOUT_SECONDS: '60', SESSION_NOTICE_SECONDS: '45' },
    },
  ],
});
