import { expect, type Page, type Route, test } from '@playwright/test';
import { credentials, fillCredentials, reachOtpStep, snap } from './auth.helpers';

/**
 * The sign-in screens say only what the product means to say: a crafted `?error=` text is never
 * shown, rate limits say how long to wait, codes are a support detail, the email never enters the
 * URL, and the controls have names in the page's language.
 */

const LOGIN_CALL = '**/api/v1/organization/members/login';
/** The rate limit's answer as the contract has it: HTTP 429, code '429', and the seconds to wait. */
const tooManyAttempts = (route: Route, retryAfterSeconds: number) =>
  route.fulfill({
    status: 429,
    contentType: 'application/json',
    body: JSON.stringify({ code: '429', message: 'Too Many Requests', data: { retryAfterSeconds } }),
  });

/** Every button on the page has an accessible name (icon buttons included). */
async function expectNamedButtons(page: Page) {
  const buttons = page.getByRole('button', { includeHidden: false });
  for (const button of await buttons.all()) await expect(button).toHaveAccessibleName(/\S/);
}

test.describe('login safety', () => {
  test('an error text in the query is never shown, and leaves the URL by a replace', async ({ page }) => {
    await page.goto('/account/login');
    const entries = await page.evaluate(() => history.length);
    await page.goto('/account/login?error=Account%20locked%2C%20call%20%2B82-2-555-0100&redirect=%2Fdashboard');
    await expect.poll(() => new URL(page.url()).searchParams.has('error')).toBe(false);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: '로그인' })).toBeVisible();
    await expect(page.getByText(/Account locked|\+82/)).toHaveCount(0);
    await expect(page.getByTestId('error-alert')).toHaveCount(0);
    // Replaced, not pushed: the crafted address is not one step back in history either.
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    await snap(page, 'login-crafted-error-dropped');
  });

  test('a catalogue code shows its message, the code only in a labelled details line', async ({ page }) => {
    await page.goto('/account/login?error=4028');
    const alert = page.getByTestId('error-alert');
    await expect(alert).toContainText('다른 브라우저에서 로그인하여 로그아웃되었습니다.');
    await expect(alert.getByTestId('error-code')).toHaveText('오류 코드 4028');
    await expect(alert).not.toContainText('#4028');
    await page.getByTestId('language-switch').getByText('English').click();
    await expect(alert.getByTestId('error-code')).toHaveText('Error code 4028');
    await snap(page, 'login-error-code-details-en');
    await page.getByTestId('language-switch').getByText('한국어').click();
  });

  test('too many sign-in attempts say how long to wait, under a title that says it is a limit', async ({
    page,
    request,
  }) => {
    const { email, password } = await credentials(request);
    await page.route(LOGIN_CALL, (route) => tooManyAttempts(route, 250));
    await page.goto('/account/login');
    await fillCredentials(page, email, password);
    const notice = page.getByTestId('rate-limit-notice');
    await expect(notice).toContainText('시도 횟수를 초과했습니다');
    await expect(notice).toContainText(/4분 (10|9|8)초 후에 다시 시도해 주세요/);
    await expect(notice).not.toContainText('로그인에 실패했습니다');
    await snap(page, 'login-rate-limited-ko');
    await page.getByTestId('language-switch').getByText('English').click();
    await expect(notice).toContainText('Too many attempts');
    await expect(notice).toContainText(/Try again in 4 minutes \d+ seconds?\./);
    await snap(page, 'login-rate-limited-en');
    await page.getByTestId('language-switch').getByText('한국어').click();
  });

  test('a rate-limited code step says so, not that the code was wrong', async ({ page, request }) => {
    test.setTimeout(120_000);
    await reachOtpStep(page, request);
    // From here the login call carries a code: answer it with the limit.
    await page.route(LOGIN_CALL, (route) =>
      route.request().postDataJSON()?.otpCode ? tooManyAttempts(route, 30) : route.continue(),
    );
    await page.getByTestId('otp-input').fill('123456');
    const notice = page.getByTestId('rate-limit-notice');
    await expect(notice).toContainText('시도 횟수를 초과했습니다');
    await expect(notice).toContainText(/\d+초 후에 다시 시도해 주세요/);
    await expect(page.getByText('인증에 실패했습니다')).toHaveCount(0);
    await snap(page, 'login-otp-rate-limited-ko');
  });

  test('other screens include the wait in a 429 message', async ({ page }) => {
    await page.route('**/api/v1/organization/members/passphrase/recover', (route) => tooManyAttempts(route, 3_600));
    await page.goto('/account/login?mode=forgot');
    await page.getByRole('textbox', { name: /^이메일/ }).fill('someone@example.com');
    await page.getByRole('button', { name: '재설정 링크 보내기' }).click();
    const alert = page.getByTestId('error-alert');
    await expect(alert).toContainText('요청이 너무 많습니다. 1시간 후에 다시 시도해 주세요.');
    await expect(alert.getByTestId('error-code')).toHaveText('오류 코드 429');
  });

  test('the forgotten-password link keeps the email out of the URL', async ({ page }) => {
    const email = 'private.person@example.com';
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto('/account/login');
    await page.getByRole('textbox', { name: /^이메일/ }).fill(email);
    await page.getByRole('link', { name: '비밀번호를 잊으셨나요?' }).click();
    await expect(page.getByTestId('forgot-form')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^이메일/ })).toHaveValue(email);
    // Back to sign-in, still prefilled, still not in the URL.
    await page.getByRole('link', { name: '로그인으로 돌아가기' }).click();
    await expect(page.getByRole('textbox', { name: /^이메일/ })).toHaveValue(email);
    // A reload keeps it (history state), without ever writing it into the address.
    await page.reload();
    await expect(page.getByRole('textbox', { name: /^이메일/ })).toHaveValue(email);
    const history = [...visited, page.url()];
    for (const url of history) {
      expect(url).not.toContain('private.person');
      expect(decodeURIComponent(url)).not.toContain(email);
    }
  });

  test('the login page has one main landmark and every control is named, in Korean and English', async ({ page }) => {
    await page.goto('/account/login');
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('로그인');
    await expect(page.getByRole('button', { name: '비밀번호 표시 또는 숨기기' })).toHaveCount(1);
    await expectNamedButtons(page);
    await page.getByTestId('language-switch').getByText('English').click();
    await expect(page.getByRole('button', { name: 'Show or hide password' })).toHaveCount(1);
    await expect(page.getByText('Toggle password visibility')).toHaveCount(0);
    await page.getByTestId('language-switch').getByText('한국어').click();
  });
});
