import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { authenticator } from 'otplib';
import { checkA11y } from './a11y.helpers';

/** Helpers of the sign-in journeys (auth.spec.ts). `base` is '' for the main product, or another server's URL. */

/** One account that signs in: email, password and the base32 secret of its authenticator. */
export interface Account {
  email: string;
  password: string;
  otpSecret: string;
}

/** The demo owner, and the provider's operators (operator A administrator, B manager). */
export interface DemoCredentials extends Account {
  operators: (Account & { role: string })[];
}

export interface Mail {
  id: string;
  to: string[] | string;
  subject: string;
  text: string;
  receivedAt: string;
}

/**
 * What the journeys change on a server's demo account: the last TOTP step used (the server takes
 * each code once) and the password after a reset. Kept in the run's output folder, not in memory,
 * so it survives the fresh worker Playwright starts after a failed test.
 */
interface AccountState {
  lastStep: number;
  password?: string;
}

function stateFile(): string {
  return join(test.info().project.outputDir, 'auth-journeys-state.json');
}

/**
 * Where an account's state is kept: the demo owner of a server under the server's base (as the
 * journeys always did), any other account under base and email, so each has its own TOTP steps.
 */
export function stateKey(base: string, account?: string): string {
  return account ? `${base}|${account.toLowerCase()}` : base;
}

function readState(base: string): AccountState {
  try {
    const all = JSON.parse(readFileSync(stateFile(), 'utf8')) as Record<string, AccountState>;
    return all[base] ?? { lastStep: -1 };
  } catch {
    return { lastStep: -1 };
  }
}

export function writeState(base: string, change: Partial<AccountState>): void {
  let all: Record<string, AccountState> = {};
  try {
    all = JSON.parse(readFileSync(stateFile(), 'utf8')) as Record<string, AccountState>;
  } catch {
    // First write of the run.
  }
  all[base] = { ...readState(base), ...change };
  mkdirSync(dirname(stateFile()), { recursive: true });
  writeFileSync(stateFile(), JSON.stringify(all));
}

/** A full-page screenshot of a journey's screen, and axe on it (serious or critical WCAG 2.2 AA findings fail the test). */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  await checkA11y(page, name);
}

const demo = new Map<string, DemoCredentials>();

/** The demo owner of a server (dev-only endpoint), with the password as the journeys last set it. */
export async function credentials(request: APIRequestContext, base = ''): Promise<DemoCredentials> {
  let found = demo.get(base);
  if (!found) {
    const response = await request.get(`${base}/dev/demo-credentials`);
    expect(response.status(), `GET ${base}/dev/demo-credentials`).toBe(200);
    found = (await response.json()) as DemoCredentials;
    demo.set(base, found);
  }
  return { ...found, password: readState(base).password ?? found.password };
}

const STEP_MS = 30_000;

/**
 * A TOTP code the server has not seen. The server takes one step of drift either way (totp.ts), so when this
 * step's code was used the next step's is as good, as from a phone whose clock runs a little ahead: a journey
 * waits only when it needs a third code within one step (it waited, up to 30 s, at each second one). A code about
 * to roll over on its way is not taken.
 * `account` (an email) keeps the steps of an account other than the demo owner apart.
 */
export async function freshCode(secret: string, base = '', account?: string): Promise<string> {
  const key = stateKey(base, account);
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / STEP_MS);
    const left = (current + 1) * STEP_MS - now;
    const step = Math.max(left > 2_000 ? current : current + 1, readState(key).lastStep + 1);
    if (step <= current + 1) {
      writeState(key, { lastStep: step });
      return authenticator.clone({ epoch: step * STEP_MS }).generate(secret);
    }
    // Until `step` is the next one.
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * STEP_MS - now + 300));
  }
}

/** The server refused a code as used: every step up to the current one counts as used (never moves back). */
export function markStepsUsed(key: string): void {
  writeState(key, { lastStep: Math.max(readState(key).lastStep, Math.floor(Date.now() / STEP_MS)) });
}

export interface OtpOptions {
  base?: string;
  /** The email of an account other than the demo owner. */
  account?: string;
  /** Where the OTP field is (a dialog); the page by default. */
  scope?: Locator | Page;
}

/**
 * How a submitted code ended: `done` resolved ('done'), or the screen refused the code as already used ('used': a
 * step shared with an earlier journey); any other failure of `done` is thrown.
 */
export async function codeOutcome(page: Page, done: () => Promise<unknown>): Promise<'done' | 'used'> {
  const used = page.getByText(/이미 사용된 인증 코드|already used/);
  const finished = done().then(
    () => 'done' as const,
    (error: unknown) => ({ error }),
  );
  const refused = used.waitFor({ timeout: 20_000 }).then(
    () => 'used' as const,
    () => finished,
  );
  const outcome = await Promise.race([finished, refused]);
  if (outcome === 'done' || outcome === 'used') return outcome;
  throw outcome.error;
}

/**
 * Types a fresh code into the OTP field, then runs `done` (the field submits itself at 6 digits on
 * most screens). A code refused as already used (a step shared with an earlier journey) is retried
 * once with the next step's code.
 */
export async function enterOtp(page: Page, secret: string, done: () => Promise<unknown>, options: OtpOptions = {}) {
  const { base = '', scope = page, account } = options;
  await scope.getByTestId('otp-input').fill(await freshCode(secret, base, account));
  if ((await codeOutcome(page, done)) === 'done') return;
  markStepsUsed(stateKey(base, account));
  await scope.getByTestId('otp-input').fill(await freshCode(secret, base, account));
  await done();
}

async function mails(request: APIRequestContext, to: string, base: string): Promise<Mail[]> {
  const response = await request.get(`${base}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
  expect(response.status(), `GET ${base}/dev/mailbox/messages`).toBe(200);
  return ((await response.json()) as { items: Mail[] }).items;
}

export async function mailIds(request: APIRequestContext, to: string, base = ''): Promise<Set<string>> {
  return new Set((await mails(request, to, base)).map((m) => m.id));
}

/** The newest mail to `to` whose text contains `marker`, and that was not there before. */
export async function newMail(
  request: APIRequestContext,
  to: string,
  marker: string,
  before: Set<string>,
  base = '',
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mails(request, to, base)).find((m) => !before.has(m.id) && m.text.includes(marker));
        return Boolean(found);
      },
      { message: `a mail to ${to} with ${marker}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** Opens a caught mail in the dev mailbox (the HTML pages) and follows its link into the app. */
export async function followMailLink(page: Page, mail: Mail, marker: string, shot?: string, base = '') {
  await page.goto(`${base}/dev/mailbox`);
  await page
    .locator(`a[href="/dev/mailbox/${encodeURIComponent(mail.id)}"]`)
    .first()
    .click();
  const link = page.locator(`.mail-body a[href*="${marker}"]`).first();
  await expect(link).toBeVisible();
  if (shot) await snap(page, shot);
  const target = new URL((await link.getAttribute('href')) ?? '', page.url());
  // The mail links to the configured app address; when that is another host, open the same path here.
  if (target.origin === new URL(page.url()).origin) await link.click();
  else await page.goto(`${new URL(page.url()).origin}${target.pathname}${target.search}`);
}

export async function fillCredentials(page: Page, email: string, password: string, submit = '로그인') {
  await page.getByRole('textbox', { name: /^(이메일|Email)/ }).fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.getByRole('button', { name: submit, exact: true }).click();
}

/** Verifies this browser's IP for the demo owner through the emailed link (the first sign-in of a database). */
export async function verifyIpByEmail(page: Page, request: APIRequestContext, base = '') {
  const { email, password } = await credentials(request, base);
  await page.goto(`${base}/account/login`);
  const before = await mailIds(request, email, base);
  await fillCredentials(page, email, password);
  await expect(page.getByTestId('ip-notice')).toBeVisible();
  const mail = await newMail(request, email, 'mode=verify-ip', before, base);
  await followMailLink(page, mail, 'mode=verify-ip', undefined, base);
  await expect(page.getByTestId('verify-ip-success')).toBeVisible();
}

export interface SignInOptions {
  /** Who signs in; the demo owner of the server when absent. */
  account?: Account;
  /** The screen the account lands on; the assets page of a member by default. */
  landing?: RegExp;
}

/**
 * Signs an account in with password and code, up to the dashboard; a first sign-in from this
 * address verifies it through the emailed link first.
 */
export async function signIn(page: Page, request: APIRequestContext, base = '', options: SignInOptions = {}) {
  const { email, otpSecret } = await reachOtpStep(page, request, base, options);
  const account = options.account ? email : undefined;
  await enterOtp(page, otpSecret, () => page.waitForURL(options.landing ?? /\/dashboard\/assets/), { base, account });
  await expect(page.getByTestId('account-menu')).toBeVisible();
}

/** Signs in with the password up to the one-time code step (verifying a new address by email first). */
export async function reachOtpStep(
  page: Page,
  request: APIRequestContext,
  base = '',
  options: SignInOptions = {},
): Promise<Account> {
  const found = options.account ?? (await credentials(request, base));
  const { email, password } = found;
  await page.goto(`${base}/account/login`);
  const before = await mailIds(request, email, base);
  await fillCredentials(page, email, password);
  const otpStep = page.getByTestId('login-otp-step');
  await expect(otpStep.or(page.getByTestId('ip-notice'))).toBeVisible();
  if (!(await otpStep.isVisible())) {
    const mail = await newMail(request, email, 'mode=verify-ip', before, base);
    await followMailLink(page, mail, 'mode=verify-ip', undefined, base);
    await expect(page.getByTestId('verify-ip-success')).toBeVisible();
    await page.goto(`${base}/account/login`);
    await fillCredentials(page, email, password);
  }
  await expect(otpStep).toBeVisible();
  return found;
}
