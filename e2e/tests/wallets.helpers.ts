import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type Account, enterOtp, fillCredentials, followMailLink, mailIds, newMail, snap } from './auth.helpers';

/** Helpers of the wallet and approval journeys (wallets.spec.ts). */

/** Headers for a state-changing API call made with the page's session: the CSRF cookie repeated. */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((c) => c.name === 'vl_csrf')?.value ?? '';
  return { 'x-csrf-token': decodeURIComponent(csrf), 'content-type': 'application/json' };
}

/** Invites one person through the API with the page's session, and returns the mailed invitation. */
export async function inviteByApi(page: Page, request: APIRequestContext, email: string) {
  const before = await mailIds(request, email);
  const response = await page.request.post('/api/v1/organization/invitations/invite-organization-member', {
    headers: await csrfHeaders(page),
    data: { emails: [email] },
  });
  expect(response.status(), await response.text()).toBe(200);
  const invited = (await response.json()) as { invited: { id: string }[] };
  return { memberId: invited.invited[0]?.id ?? '', mail: await newMail(request, email, 'mode=signup', before) };
}

/** Creates a member group through the API with the page's session. */
export async function createGroupByApi(page: Page, name: string, memberIds: string[]) {
  const response = await page.request.post('/api/v1/organization/groups/create', {
    headers: await csrfHeaders(page),
    data: { name, memberIds },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: string };
}

/** From the mailed invitation to the dashboard: sign up, sign in, register the authenticator. */
export async function joinFromMail(
  page: Page,
  mail: Parameters<typeof followMailLink>[1],
  account: Account,
  names: [string, string, string],
) {
  await followMailLink(page, mail, 'mode=signup');
  const form = page.getByTestId('signup-form');
  await expect(form.getByTestId('signup-email')).toHaveText(account.email);
  await form.getByRole('textbox', { name: /^사용자 이름/ }).fill(names[0]);
  await form.getByRole('textbox', { name: /^성/ }).fill(names[1]);
  await form.getByRole('textbox', { name: /^이름/ }).fill(names[2]);
  await form
    .getByLabel(/^새 비밀번호/)
    .first()
    .fill(account.password);
  await form.getByLabel(/^새 비밀번호 확인/).fill(account.password);
  await form.getByRole('button', { name: '계정 만들기' }).click();
  await expect(page.getByTestId('signup-done')).toBeVisible();
  await page.getByRole('link', { name: '로그인' }).click();
  await fillCredentials(page, account.email, account.password);
  await expect(page.getByTestId('otp-guide')).toBeVisible();
  await page.getByRole('link', { name: '계속' }).click();
  account.otpSecret = (await page.getByTestId('otp-secret').getAttribute('data-secret')) ?? '';
  expect(account.otpSecret).toBeTruthy();
  await enterOtp(page, account.otpSecret, () => page.waitForURL(/\/dashboard\/assets/), { account: account.email });
}

export interface WalletRequest {
  /** The network's option as labelled ('테스트넷 Sepolia', 'BizAuto'). */
  network: string;
  name: string;
  /** EOS-type only: the address chosen by hand. */
  accountName?: string;
  /** A screenshot of the filled dialog. */
  shot?: string;
}

/** Sends a wallet request from the wallets page and follows the notice to the request's detail. */
export async function requestWallet(page: Page, wallet: WalletRequest) {
  await page.goto('/dashboard/wallets');
  await page.getByTestId('create-wallet').click();
  const dialog = page.getByTestId('create-wallet-dialog');
  await dialog.getByTestId('create-wallet-network').click();
  await page.getByRole('option', { name: wallet.network, exact: true }).click();
  await dialog.getByTestId('create-wallet-name').fill(wallet.name);
  if (wallet.accountName) {
    await dialog
      .getByTestId('create-wallet-mode')
      .getByText(/직접 입력|Choose my own/)
      .click();
    await dialog.getByTestId('create-wallet-account').fill(wallet.accountName);
    await expect(dialog.getByTestId('create-wallet-account-available')).toBeVisible();
  }
  await expect(dialog.getByTestId('create-wallet-line-step').first()).toBeVisible();
  if (wallet.shot) await snap(page, wallet.shot);
  await dialog.getByTestId('create-wallet-submit').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('wallet-request-link').click();
  const detail = page.getByTestId('request-detail');
  await expect(detail.getByTestId('request-title')).toHaveText(wallet.name);
  return detail;
}

/** Whose authenticator confirms a decision: the secret, and the email of an account other than the demo owner. */
export interface Approver {
  otpSecret: string;
  account?: string;
}

/** Approves the request open in the drawer, with a memo, confirming with the approver's fresh code. */
export async function approveOpenRequest(page: Page, memo: string, approver: Approver, shot?: string) {
  const detail = page.getByTestId('request-detail');
  await detail.getByTestId('decision-memo').fill(memo);
  await detail.getByTestId('request-approve').click();
  // The modal's root carries the test id; its dialog (the visible part) is inside.
  const dialog = page.getByTestId('decision-otp-dialog').getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (shot) {
    await page.waitForTimeout(400); // the dialog's opening transition
    await snap(page, shot);
  }
  await enterOtp(page, approver.otpSecret, () => dialog.getByRole('button', { name: '승인' }).click(), {
    scope: dialog,
    ...(approver.account ? { account: approver.account } : {}),
  });
  await expect(detail.getByTestId('request-approve')).toHaveCount(0);
  return detail;
}

/** Waits for the engine to create the wallet, opens it, and returns its address. */
export async function openCreatedWallet(page: Page): Promise<string> {
  const detail = page.getByTestId('request-detail');
  await expect(detail.getByTestId('request-complete')).toBeVisible({ timeout: 20_000 });
  await detail.getByTestId('open-wallet').click();
  await expect(page.getByTestId('wallet-detail')).toBeVisible();
  return (await page.getByTestId('wallet-full-address').textContent()) ?? '';
}

/** Lets closing dialogs and notifications go, and scrolls up, so a screenshot shows the screen itself. */
export async function settle(page: Page) {
  await expect(page.locator('.mantine-Modal-content')).toHaveCount(0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Switches a signed-in screen's language and waits until the account has it: the account's language is what every
 * later load shows, so a reload or the next test before the call answers would find the old one.
 */
export async function setLanguage(page: Page, lang: 'en' | 'ko') {
  const saved = page.waitForResponse(
    (response) => /\/members\/[^/]+\/language$/.test(new URL(response.url()).pathname) && response.ok(),
  );
  await page
    .getByTestId('language-switch')
    .getByText(lang === 'en' ? 'English' : '한국어')
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await saved;
}
