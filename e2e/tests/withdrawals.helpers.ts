import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { enterOtp, snap } from './auth.helpers';
import { type Approver, csrfHeaders } from './wallets.helpers';

/** Helpers of the withdrawal journey (withdrawals.spec.ts). */

export const SEPOLIA_ETH = 'SEPOLIA.ETH';
export const WEI = 10n ** 18n;

/** The journeys that are not about notices dismiss the corner dialog whenever it shows. */
export async function dismissNotices(page: Page) {
  // A dialog already closing detaches its button: the click gives up quickly then, rather than waiting for it.
  await page.addLocatorHandler(page.getByTestId('notice-dismiss-all'), (button) =>
    button.click({ timeout: 3_000 }).catch(() => undefined),
  );
}

/**
 * Registers a self-managed (PERSONAL) entry through the API with the page's session: registered at once. Sepolia ETH
 * at a fresh address unless told another token and address.
 */
export async function registerPersonalEntry(
  page: Page,
  name: string,
  { tokenId = SEPOLIA_ETH, address = `0x${randomBytes(20).toString('hex')}` } = {},
) {
  const response = await page.request.post('/api/v1/address-books', {
    headers: await csrfHeaders(page),
    data: {
      name,
      tokenId,
      address,
      walletType: 'PERSONAL',
      receiverType: 'INDIVIDUAL',
      receiver: {
        nameKo: '홍길동',
        nameEn: 'Gildong Hong',
        birthday: '1990-01-15',
        address: 'Seoul',
        phone: '+82 10-1234-5678',
      },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const entry = (await response.json()) as { id: string; state: string };
  expect(entry.state).toBe('REGISTERED');
  return { id: entry.id, address };
}

/** Adds an organization member to a wallet (as MEMBER) through the API with a manager's session. */
export async function addWalletMember(page: Page, walletId: string, memberId: string) {
  const response = await page.request.post(`/api/v1/organizations/wallets/${walletId}/members/add`, {
    headers: await csrfHeaders(page),
    data: { memberId, role: 'MEMBER' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, testId: string, option: RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

export interface WithdrawalDraft {
  wallet: RegExp;
  token: RegExp;
  destination: RegExp;
  amount: string;
  /** The token's symbol in the request's title (ETH unless told). */
  symbol?: string;
  /** A screenshot of the filled form with its preview. */
  shot?: string;
}

/** Fills the withdraw form, submits it, and returns the detail of the request it opens. */
export async function requestWithdrawal(page: Page, draft: WithdrawalDraft) {
  await page.goto('/dashboard/withdraw');
  await choose(page, 'withdraw-wallet', draft.wallet);
  await choose(page, 'withdraw-token', draft.token);
  await expect(page.getByTestId('preview-withdrawable')).toBeVisible();
  await choose(page, 'withdraw-destination', draft.destination);
  await page.getByTestId('withdraw-amount').fill(draft.amount);
  await expect(page.getByTestId('withdraw-submit')).toBeEnabled();
  if (draft.shot) await snap(page, draft.shot);
  await page.getByTestId('withdraw-submit').click();
  const detail = page.getByTestId('request-detail');
  await expect(detail.getByTestId('request-title')).toContainText(`${draft.amount} ${draft.symbol ?? 'ETH'}`);
  return detail;
}

/** Opens the first request waiting for this page's member on the approvals screen. */
export async function openPendingRequest(page: Page, requestId: string) {
  await page.goto(`/dashboard/approvals?request=${requestId}`);
  const detail = page.getByTestId('request-detail');
  // The drawer's code, its call definitions and the request arrive after the page: on a loaded machine, seconds.
  await expect(detail).toHaveAttribute('data-request-id', requestId, { timeout: 15_000 });
  await page.waitForTimeout(400); // the drawer's opening animation
  return detail;
}

/** Rejects the request open in the drawer, with a memo, confirming with the decider's fresh code. */
export async function rejectOpenRequest(page: Page, memo: string, approver: Approver) {
  const detail = page.getByTestId('request-detail');
  await detail.getByTestId('decision-memo').fill(memo);
  await detail.getByTestId('request-reject').click();
  const dialog = page.getByTestId('decision-otp-dialog').getByRole('dialog');
  await expect(dialog).toBeVisible();
  await enterOtp(page, approver.otpSecret, () => dialog.getByRole('button', { name: '반려' }).click(), {
    scope: dialog,
    ...(approver.account ? { account: approver.account } : {}),
  });
  await expect(detail.getByTestId('request-reject')).toHaveCount(0);
}
