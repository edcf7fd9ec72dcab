import { expect, type Page, test } from '@playwright/test';
import { type Account, credentials, signIn, snap } from './auth.helpers';
import { csrfHeaders } from './wallets.helpers';

/**
 * One language per account: signed in, the screens speak the account's language (the one its emails
 * use) and the header switch changes the account through the language call; signed out, the switch
 * only changes this browser. Operators are accounts too, and the same call works for them.
 */

const ME = '/api/v1/organization/members/me';

async function accountLanguage(page: Page): Promise<string> {
  const answer = await page.request.get(ME);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { language: string }).language;
}

/** Clicks the header switch and waits for the account's language call to succeed. */
async function switchAccountTo(page: Page, label: 'English' | '한국어') {
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && /\/organization\/members\/[^/]+\/language$/.test(r.url()),
  );
  await page.getByTestId('language-switch').getByText(label).click();
  expect((await saved).status()).toBe(200);
}

/** Puts the account back to Korean, whatever happened in the test, so other journeys start as usual. */
async function restoreKorean(page: Page) {
  const me = await page.request.get(ME);
  if (me.status() !== 200) return;
  const { id } = (await me.json()) as { id: string };
  await page.request.patch(`/api/v1/organization/members/${id}/language`, {
    headers: await csrfHeaders(page),
    data: { language: 'KO' },
  });
}

const setBrowserLanguage = (page: Page, lang: 'en' | 'ko') =>
  page.evaluate((value) => localStorage.setItem('vaultline.language', value), lang);

test.describe('account language', () => {
  test('a member: the header switch changes the account, and the account wins over this browser', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    try {
      await signIn(page, request);
      await expect(page.getByRole('heading', { level: 1, name: '자산' })).toBeVisible();
      expect(await accountLanguage(page)).toBe('KO');

      await switchAccountTo(page, 'English');
      await expect(page.getByRole('heading', { level: 1, name: 'Assets' })).toBeVisible();
      expect(await accountLanguage(page)).toBe('EN');

      // The account decides, not what this browser remembers.
      await setBrowserLanguage(page, 'ko');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Assets' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');

      // The settings page shows the same language as the header.
      await page.goto('/dashboard/operation/account');
      await expect(page.getByTestId('language-EN')).toHaveAttribute('data-checked', 'true');
      await snap(page, 'account-language-en');

      // Signed out the switch is local; signing in again brings the account's language back.
      await page.getByTestId('account-menu').click();
      await page.getByTestId('sign-out').click();
      await expect(page.getByTestId('logout-done')).toBeVisible();
      await page.goto('/account/login');
      await page.getByTestId('language-switch').getByText('한국어').click();
      await expect(page.getByRole('heading', { level: 1, name: '로그인' })).toBeVisible();
      expect((await page.request.get(ME)).status()).toBe(401);
      await signIn(page, request);
      await expect(page.getByRole('heading', { level: 1, name: 'Assets' })).toBeVisible();

      await switchAccountTo(page, '한국어');
      await expect(page.getByRole('heading', { level: 1, name: '자산' })).toBeVisible();
      expect(await accountLanguage(page)).toBe('KO');
    } finally {
      await restoreKorean(page);
    }
  });

  test('an operator: the same language call works, so the header switch changes the account too', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { operators } = await credentials(request);
    const operator = operators[0] as Account;
    try {
      await signIn(page, request, '', { account: operator, landing: /\/dashboard\/operation\/organization/ });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await accountLanguage(page)).toBe('KO');

      await switchAccountTo(page, 'English');
      expect(await accountLanguage(page)).toBe('EN');
      await setBrowserLanguage(page, 'ko');
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('navigation').getByRole('link', { name: 'Organization' })).toBeVisible();
      await snap(page, 'operator-language-en');

      await switchAccountTo(page, '한국어');
      await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
      expect(await accountLanguage(page)).toBe('KO');
    } finally {
      await restoreKorean(page);
    }
  });
});
