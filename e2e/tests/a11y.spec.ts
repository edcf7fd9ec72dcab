import { expect, type Page, test } from '@playwright/test';
import { axeFindings, describeFindings } from './a11y.helpers';
import { signIn } from './auth.helpers';

/**
 * axe on the screens the hardening issue named: every control has an accessible name (the password toggle, the
 * close buttons of dialogs and toasts), the pages have a main landmark, and dialogs are named; now with the whole
 * WCAG 2.2 AA set (contrast, label in name and the rest) that every journey's screenshots are also held to.
 */
/** The rules the hardening issue named, at any impact (two of them are best practices outside the WCAG tags). */
const NAMED = ['button-name', 'landmark-one-main', 'aria-dialog-name', 'label', 'link-name', 'aria-toggle-field-name'];

async function violations(page: Page) {
  return describeFindings(await axeFindings(page, NAMED));
}

test.describe('accessibility (axe)', () => {
  // A whole-page axe scan with every WCAG rule takes seconds on a busy machine; a sign-in comes first.
  test.describe.configure({ timeout: 120_000 });
  test('the login page, in Korean and English, names every control and has a main landmark', async ({ page }) => {
    await page.goto('/account/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByTestId('language-switch').getByText('English').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByTestId('language-switch').getByText('한국어').click();
  });

  test('the account page, and an open dialog, name every control', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/dashboard/operation/account');
    await expect(page.getByRole('main')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto('/dashboard/operation/organization');
    await page.getByTestId('invite-open').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});
