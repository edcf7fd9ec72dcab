import { expect, test } from '@playwright/test';
import { SHORT_SESSION_URL } from '../playwright.config';
import {
  credentials,
  enterOtp,
  fillCredentials,
  followMailLink,
  mailIds,
  newMail,
  signIn,
  snap,
  verifyIpByEmail,
  writeState,
} from './auth.helpers';

/**
 * Sign-in journeys against the product on a fresh demo database: the demo owner's first sign-in
 * (new IP verified by email, then the authenticator code), a wrong password, the keep-alive dialog,
 * signing out, and a forgotten password reset through the emailed link. They share one account and
 * run in file order; the password reset comes last because it changes the password. The session's
 * natural end is seen on a second product whose sessions last 60 seconds.
 */

test.describe('authentication', () => {
  test('first sign-in: the new IP is verified by email, then the one-time code opens the dashboard', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const { email, password, otpSecret } = await credentials(request);
    await page.goto('/account/login');
    await expect(page.getByRole('heading', { level: 1, name: '로그인' })).toBeVisible();
    await snap(page, 'login-ko');

    const before = await mailIds(request, email);
    await fillCredentials(page, email, password);
    const notice = page.getByTestId('ip-notice');
    await expect(notice).toContainText('새로운 IP 주소에서 로그인을 시도했습니다');
    await snap(page, 'login-ip-notice-ko');

    const mail = await newMail(request, email, 'mode=verify-ip', before);
    await followMailLink(page, mail, 'mode=verify-ip', 'mailbox-ip-verification');
    await expect(page.getByTestId('verify-ip-success')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('IP 주소가 인증되었습니다');
    await snap(page, 'verify-ip-success-ko');

    await page.getByRole('link', { name: '다시 로그인' }).click();
    await fillCredentials(page, email, password);
    await expect(page.getByRole('heading', { level: 1, name: '2단계 인증' })).toBeVisible();
    await expect(page.getByTestId('login-otp-step')).toContainText(email);
    await expect(page.getByTestId('otp-input')).toHaveAttribute('autocomplete', 'one-time-code');
    await snap(page, 'login-otp-ko');

    await enterOtp(page, otpSecret, () => page.waitForURL(/\/dashboard\/assets$/));
    await expect(page.getByTestId('account-menu')).toContainText(email);
    await snap(page, 'dashboard-ko');
    await page.getByTestId('account-menu').click();
    await expect(page.getByTestId('sign-out')).toBeVisible();
    await snap(page, 'account-menu-ko');
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/operation/account');
    await expect(page.getByRole('heading', { level: 1, name: '계정 설정' })).toBeVisible();
    await expect(page.getByTestId('profile-card')).toContainText(email);
    const userName = page.getByTestId('name-form').getByLabel(/사용자 이름/);
    await userName.fill('김데모');
    await page.getByRole('button', { name: '이름 저장' }).click();
    await expect(page.getByText('이름이 변경되었습니다.')).toBeVisible();
    await expect(page.getByTestId('account-menu')).toContainText('김데모');
    await page
      .getByTestId('password-form')
      .getByLabel(/^새 비밀번호/)
      .first()
      .fill('vault12');
    await expect(page.getByTestId('password-checklist').locator('li[data-met="true"]')).toHaveCount(2);
    await snap(page, 'account-settings-ko');
  });

  test('the sign-in and one-time code screens in English', async ({ page, request }) => {
    test.setTimeout(150_000);
    const { email, password, otpSecret } = await credentials(request);
    await page.goto('/account/login');
    await page.getByTestId('language-switch').getByText('English').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await snap(page, 'login-en');
    await fillCredentials(page, email, password, 'Sign in');
    await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
    await snap(page, 'login-otp-en');
    await enterOtp(page, otpSecret, () => page.waitForURL(/\/dashboard\/assets$/));
    // Signed in, the account's language (Korean) rules; the header switch changes the account.
    await expect(page.getByRole('heading', { level: 1, name: '자산' })).toBeVisible();
    await page.getByTestId('language-switch').getByText('English').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Assets' })).toBeVisible();
    await snap(page, 'dashboard-en');
    await page.getByTestId('language-switch').getByText('한국어').click();
    await expect(page.getByRole('heading', { level: 1, name: '자산' })).toBeVisible();
  });

  test('a wrong password shows how many attempts are left', async ({ page, request }) => {
    const { email, password } = await credentials(request);
    await page.goto('/account/login');
    await fillCredentials(page, email, `${password}-wrong`);
    await expect(page.getByTestId('wrong-password-notice')).toContainText('비밀번호가 올바르지 않습니다.');
    await expect(page.getByTestId('remaining-attempts')).toHaveText('로그인이 차단되기까지 4회 남았습니다.');
    await snap(page, 'login-wrong-password-ko');
    await page.getByTestId('language-switch').getByText('English').click();
    await expect(page.getByTestId('remaining-attempts')).toHaveText('4 attempts left before sign-in is blocked.');
    await snap(page, 'login-wrong-password-en');
    await page.getByTestId('language-switch').getByText('한국어').click();

    // The right password resets the count (the code step is as far as this journey goes).
    await fillCredentials(page, email, password);
    await expect(page.getByTestId('login-otp-step')).toBeVisible();
  });

  test('the keep-alive dialog renews the session with a code (browser clock moved ahead), then signing out ends it', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const { otpSecret } = await credentials(request);
    await page.clock.install();
    // The dashboard measures the browser's clock against the server's with its first session check: that answer
    // must land before the browser's clock is moved, or the move would count as skew (the call's definition is
    // fetched first, so it can come after the dashboard has drawn).
    const firstCheck = page.waitForResponse(
      (response) => response.url().endsWith('/token/verify') && response.request().method() === 'POST',
    );
    await signIn(page, request);
    expect((await firstCheck).status()).toBe(200);

    // 28.5 of the 30 minutes pass in the browser: the dialog counts down the rest.
    await page.clock.fastForward('28:30');
    const dialog = page.getByTestId('keep-alive-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('keep-alive-countdown')).toHaveText(/^0[0-2]:\d\d$/);
    await snap(page, 'keep-alive-ko');
    await enterOtp(page, otpSecret, () => expect(dialog).toBeHidden({ timeout: 10_000 }), { scope: dialog });
    await expect(page.getByText('로그인 상태가 연장되었습니다.')).toBeVisible();

    await page.getByTestId('account-menu').click();
    await page.getByTestId('sign-out').click();
    await expect(page.getByTestId('logout-done')).toBeVisible();
    await snap(page, 'logout-ko');

    // Signed out: a dashboard page sends the visitor to sign-in, and back there afterwards.
    await page.goto('/dashboard/wallets');
    await expect(page.getByTestId('guest-notice')).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('error')).toBeNull();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/wallets');
  });

  test('a 60-second session: the dialog counts down, a code renews it, and at zero the session ends', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const base = SHORT_SESSION_URL;
    const { otpSecret } = await credentials(request, base);
    await verifyIpByEmail(page, request, base);
    await signIn(page, request, base);

    // Sessions of this server last 60 s; the notice opens 30 s before the end (the server caps it at half).
    const dialog = page.getByTestId('keep-alive-dialog');
    await expect(dialog).toBeVisible({ timeout: 50_000 });
    await snap(page, 'keep-alive-live-ko');
    await expect(dialog.getByTestId('keep-alive-countdown')).toHaveText(/^00:[0-4]\d$/);
    await enterOtp(page, otpSecret, () => expect(dialog).toBeHidden({ timeout: 10_000 }), { base, scope: dialog });

    // Renewed: the dialog comes back for the new session, and this time the countdown runs out.
    await expect(dialog).toBeVisible({ timeout: 50_000 });
    await page
      .getByTestId('language-switch')
      .getByText('English')
      .click({ force: true })
      .catch(() => undefined);
    await page.waitForURL(/\/account\/login\?/, { timeout: 60_000 });
    const url = new URL(page.url());
    expect(url.searchParams.get('error')).toBe('4001');
    expect(url.searchParams.get('redirect')).toBe('/dashboard/assets');
    await expect(page.getByTestId('error-alert')).toBeVisible();
    await snap(page, 'session-ended-login');
  });

  test('account screens opened without a sign-in explain where to start', async ({ page }) => {
    await page.goto('/account/otp/guide');
    await expect(page.getByTestId('otp-guide')).toContainText('Google Authenticator');
    await snap(page, 'otp-guide-ko');
    await page.getByRole('link', { name: '계속' }).click();
    await expect(page.getByTestId('otp-register-missing')).toBeVisible();
    await snap(page, 'otp-register-missing-ko');
    await page.goto('/account/expired-password');
    await expect(page.getByTestId('expired-missing')).toBeVisible();
    await snap(page, 'expired-password-missing-ko');
  });

  test('a forgotten password is reset through the emailed link', async ({ page, request }) => {
    test.setTimeout(150_000);
    const { email, otpSecret } = await credentials(request);
    await page.goto('/account/login');
    await page.getByRole('link', { name: '비밀번호를 잊으셨나요?' }).click();
    await expect(page.getByTestId('forgot-form')).toBeVisible();
    await page.getByRole('textbox', { name: /^이메일/ }).fill(email);
    await snap(page, 'forgot-ko');

    const before = await mailIds(request, email);
    await page.getByRole('button', { name: '재설정 링크 보내기' }).click();
    await expect(page.getByTestId('forgot-sent')).toContainText(email);
    await snap(page, 'forgot-sent-ko');

    const mail = await newMail(request, email, 'mode=reset', before);
    await followMailLink(page, mail, 'mode=reset', 'mailbox-reset');
    const form = page.getByTestId('reset-form');
    await expect(form).toContainText(email);
    const next = `Reset-${Date.now().toString(36)}!9`;
    await form
      .getByLabel(/^새 비밀번호/)
      .first()
      .fill(next);
    await form.getByLabel(/^새 비밀번호 확인/).fill(`${next}x`);
    await form.getByRole('button', { name: '비밀번호 변경' }).click();
    await expect(form.getByText('입력한 비밀번호가 일치하지 않습니다. 다시 확인해 주세요.')).toBeVisible();
    await form.getByLabel(/^새 비밀번호 확인/).fill(next);
    await expect(form.getByTestId('password-checklist').locator('li[data-met="true"]')).toHaveCount(4);
    await snap(page, 'reset-form-ko');

    const submit = () => form.getByRole('button', { name: '비밀번호 변경' }).click();
    if (await form.getByTestId('otp-input').isVisible()) {
      // The code field does not submit by itself here: the button does, after the code is in.
      await enterOtp(page, otpSecret, async () => {
        await submit();
        await expect(page.getByTestId('reset-done')).toBeVisible();
      });
    } else {
      await submit();
    }
    await expect(page.getByTestId('reset-done')).toBeVisible();
    writeState('', { password: next });
    await snap(page, 'reset-done-ko');

    await page.getByRole('link', { name: '로그인' }).click();
    await expect(page.getByRole('textbox', { name: /^이메일/ })).toHaveValue(email);
    await fillCredentials(page, email, next);
    await enterOtp(page, otpSecret, () => page.waitForURL(/\/dashboard\/assets$/));
  });
});
