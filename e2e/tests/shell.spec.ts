import { expect, test } from '@playwright/test';
import { signIn, snap } from './auth.helpers';

test.describe('product shell', () => {
  test('the login page opens in Korean and switches to English, and the choice sticks', async ({ page }) => {
    await page.goto('/account/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('heading', { level: 1, name: '로그인' })).toBeVisible();
    await expect(page.getByLabel('이메일')).toBeVisible();
    await snap(page, 'login-ko');

    await page.getByTestId('language-switch').getByText('English').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await snap(page, 'login-en');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await page.getByTestId('language-switch').getByText('한국어').click();
    await expect(page.getByRole('heading', { level: 1, name: '로그인' })).toBeVisible();
  });

  test('the login form validates on the client with translated messages', async ({ page }) => {
    await page.goto('/account/login');
    await page.getByLabel('이메일').fill('not-an-email');
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page.getByText(/이메일/).and(page.locator('.mantine-InputWrapper-error'))).toBeVisible();
    await snap(page, 'login-validation-ko');
  });

  test('the login route keeps its query but drops a guest-access error', async ({ page }) => {
    await page.goto(
      '/account/login?error=GUEST_ACCESS&email=owner%40demo.vaultline.local&redirect=%2Fdashboard%2Fwallets',
    );
    await expect(page.getByLabel('이메일')).toHaveValue('owner@demo.vaultline.local');
    await expect.poll(() => new URL(page.url()).searchParams.get('error')).toBeNull();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/account/login');
    expect(url.searchParams.get('email')).toBe('owner@demo.vaultline.local');
    expect(url.searchParams.get('redirect')).toBe('/dashboard/wallets');
  });

  test('a server error code in the login query shows its translated message', async ({ page }) => {
    await page.goto('/account/login?error=4028');
    await expect(page.getByTestId('error-alert')).toContainText('브라우저');
  });

  test('each area renders its layout', async ({ page, request }) => {
    test.setTimeout(120_000);
    await signIn(page, request);
    const dashboard = [
      ['/dashboard/assets', '자산'],
      ['/dashboard/wallets', '지갑'],
      ['/dashboard/approvals', '승인'],
      ['/dashboard/withdraw', '출금'],
      ['/dashboard/tokens', '토큰'],
      ['/dashboard/staking', '스테이킹'],
      ['/dashboard/operation/organization', '조직 관리'],
      ['/dashboard/operation/account', '계정'],
    ] as const;
    for (const [path, title] of dashboard) {
      await page.goto(path);
      await expect(page.getByRole('navigation')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
    }
    await snap(page, 'dashboard-account-ko');

    await page.goto('/dashboard/wallets/SEPOLIA/w-42?tab=activity');
    await expect(page.getByTestId('wallet-selection')).toContainText('테스트넷 Sepolia');
    await expect(page.getByTestId('wallet-selection')).toContainText('w-42');
    await snap(page, 'wallet-detail-ko');

    for (const path of [
      '/account/logout',
      '/account/expired-password',
      '/account/otp/register',
      '/account/otp/guide',
    ]) {
      await page.goto(path);
      await expect(page.getByTestId('language-switch')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation')).toHaveCount(0);
    }
    await snap(page, 'otp-guide-ko');
  });

  test('the error page leads back to login', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('error-page')).toBeVisible();
    await snap(page, 'error-page-ko');
    await page.getByRole('link', { name: '로그인으로 돌아가기' }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
  });

  test('health, readiness, API docs and coded API errors', async ({ request, page }) => {
    expect((await request.get('/healthz')).status()).toBe(200);
    const ready = await request.get('/readyz');
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'pglite' });
    const missing = await request.get('/api/v1/unknown', { headers: { 'accept-language': 'en' } });
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ code: '404' });
    const malformed = await request.post('/api/v1/organization/members/login', {
      headers: { 'content-type': 'application/json' },
      data: '{"email":',
    });
    expect(malformed.status()).toBeGreaterThanOrEqual(400);
    expect(malformed.status()).toBeLessThan(500);

    await page.goto('/api/docs');
    // The interactive docs parse the whole document (about 1.6 MB, every call's error codes) before they draw.
    await expect(page.getByText('Vaultline API').first()).toBeVisible({ timeout: 20_000 });
    await snap(page, 'api-docs');
  });
});
