import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { type Account, enterOtp, fillCredentials, followMailLink, snap } from './auth.helpers';
import { type Approver, approveOpenRequest } from './wallets.helpers';
import { openPendingRequest } from './withdrawals.helpers';

/** Helpers of the staking journey (staking.spec.ts). */

/** The app's pages can take several seconds to start on a busy machine: the waits after a navigation allow for it. */
const LOAD = 30_000;

/** The journey's assertions wait up to 15 s by default (the product runs beside other journeys on a busy machine). */
export const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * From the mailed invitation to the dashboard, as wallets.helpers' joinFromMail does, with room for a slow first load
 * of the app (a fresh browser context has nothing cached).
 */
export async function joinOrganization(
  page: Page,
  mail: Parameters<typeof followMailLink>[1],
  account: Account,
  names: [string, string, string],
) {
  await followMailLink(page, mail, 'mode=signup');
  const form = page.getByTestId('signup-form');
  await expect(form.getByTestId('signup-email')).toHaveText(account.email, { timeout: LOAD });
  await form.getByRole('textbox', { name: /^사용자 이름/ }).fill(names[0]);
  await form.getByRole('textbox', { name: /^성/ }).fill(names[1]);
  await form.getByRole('textbox', { name: /^이름/ }).fill(names[2]);
  await form
    .getByLabel(/^새 비밀번호/)
    .first()
    .fill(account.password);
  await form.getByLabel(/^새 비밀번호 확인/).fill(account.password);
  await form.getByRole('button', { name: '계정 만들기' }).click();
  await expect(page.getByTestId('signup-done')).toBeVisible({ timeout: LOAD });
  await page.getByRole('link', { name: '로그인' }).click();
  await fillCredentials(page, account.email, account.password);
  await expect(page.getByTestId('otp-guide')).toBeVisible({ timeout: LOAD });
  await page.getByRole('link', { name: '계속' }).click();
  const secret = page.getByTestId('otp-secret');
  await expect(secret).toHaveAttribute('data-secret', /.+/, { timeout: LOAD });
  account.otpSecret = (await secret.getAttribute('data-secret')) ?? '';
  await enterOtp(page, account.otpSecret, () => page.waitForURL(/\/dashboard\/assets/, { timeout: LOAD }), {
    account: account.email,
  });
}

export const STAKING_WALLET = 'Story Staking';
export const VALIDATOR = 'Hanbit Staking';

/** '2,048.000123 IP' → 2048.000123 (for comparisons of displayed amounts only). */
export function amountOf(text: string | null): number {
  return Number((text ?? '').replace(/[^0-9.]/g, ''));
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens a wallet's page from the wallets list; returns the wallet's id. */
export async function openWallet(page: Page, walletName: string) {
  await page.goto('/dashboard/wallets');
  await page.getByTestId('wallet-row').filter({ hasText: walletName }).first().click();
  await expect(page.getByTestId('wallet-detail')).toBeVisible({ timeout: 15_000 });
  const walletId = (await page.getByTestId('wallet-detail').getAttribute('data-wallet-id')) ?? '';
  expect(walletId).toBeTruthy();
  return walletId;
}

/**
 * Sets the line of the wallet open on the page: `requester` creates requests, one step where `approver` alone
 * decides (once the requester is a member of the wallet: the creation list offers members).
 */
export async function saveSingleApproverLine(page: Page, requester: string, approver: string) {
  await page.getByTestId('wallet-tab-line').click();
  await page.getByTestId('line-setup').or(page.getByTestId('line-edit')).click();
  await page.getByTestId('line-creation-select').click();
  await page.getByRole('option', { name: new RegExp(escapeRegExp(requester)) }).click();
  await page.keyboard.press('Escape');
  const step = page.getByTestId('line-step').first();
  await step.getByTestId('line-approvers').click();
  await page.getByRole('option', { name: new RegExp(escapeRegExp(approver)) }).click();
  await page.keyboard.press('Escape');
  await step.getByTestId('line-required').fill('1');
  await page.getByTestId('line-save').click();
  await expect(page.getByTestId('line-view')).toBeVisible();
}

interface StakingWalletRead {
  walletId: string;
  walletName: string;
  withdrawable: string;
  staked: string;
}

/** Waits until the devnet's seed deposit reached the wallet: at least `minimum` IP withdrawable (API, page's session). */
export async function waitForFunds(page: Page, walletName: string, minimum: number) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/v1/organizations/staking/wallets');
        if (response.status() !== 200) return -1;
        const { items } = (await response.json()) as { items: StakingWalletRead[] };
        return Number(items.find((w) => w.walletName === walletName)?.withdrawable ?? -1);
      },
      { message: `${walletName} funded with ${minimum} IP`, timeout: 90_000, intervals: [1_000, 2_000] },
    )
    .toBeGreaterThanOrEqual(minimum);
}

/** Picks an option of a Mantine select (by test id) by its label. */
async function choose(page: Page, scope: Locator, testId: string, option: RegExp) {
  await scope.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

export interface StakeDraft {
  wallet: string;
  validator: string;
  /** The period's option label (Korean: '자유형 · 잠금 없음 · 보상 ×1.00'). */
  period: RegExp;
  tokenType: RegExp;
  amount: string;
  shot?: string;
}

/** Opens the stake form from the page header, fills it, checks its summary, submits; returns the request's detail. */
export async function requestStake(page: Page, draft: StakeDraft) {
  await page.getByTestId('staking-stake').click();
  const dialog = page.getByTestId('stake-form');
  await expect(dialog).toBeVisible();
  await choose(page, dialog, 'stake-wallet', new RegExp(`^${escapeRegExp(draft.wallet)}`));
  await choose(page, dialog, 'stake-validator', new RegExp(`^${escapeRegExp(draft.validator)}`));
  await choose(page, dialog, 'stake-period', draft.period);
  // The validator decides the token kind (the select is then disabled): pick it only when it is open to a choice.
  const tokenSelect = dialog.getByTestId('stake-token-type');
  if (await tokenSelect.isEnabled()) await choose(page, dialog, 'stake-token-type', draft.tokenType);
  await expect(tokenSelect).toHaveValue(draft.tokenType); // a Mantine select shows its option's label
  const amount = dialog.getByTestId('stake-amount');
  await expect(amount).toBeEnabled({ timeout: 15_000 }); // enabled once the wallet's maximum is read
  await amount.fill(draft.amount);
  await expect(dialog.getByTestId('stake-estimate')).toHaveText(/^\d+\.\d{2}%$/);
  await expect(dialog.getByTestId('stake-estimate-amount')).toHaveText(/ IP$/);
  await expect(dialog.getByTestId('stake-unbonding-date')).toHaveText(/\d/);
  if (draft.shot) {
    await page.waitForTimeout(400); // the modal's opening transition
    await snap(page, draft.shot);
    // What the screen shows, not the whole page: the buttons must be there without scrolling.
    await page.screenshot({ path: test.info().outputPath(`${draft.shot}-viewport.png`) });
  }
  // At 1366 x 860 the form's buttons are in view without scrolling the dialog.
  await expect(dialog.getByTestId('stake-submit')).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByTestId('stake-cancel')).toBeInViewport({ ratio: 1 });
  await dialog.getByTestId('stake-submit').click();
  const detail = page.getByTestId('request-detail');
  await expect(detail).toBeVisible({ timeout: 15_000 });
  await expect(detail.getByTestId('request-title')).toContainText(draft.validator);
  return detail;
}

/** The approver opens the request from the approvals page and approves it with a fresh code. */
export async function approveStakingRequest(
  page: Page,
  requestId: string,
  memo: string,
  approver: Approver,
  shot?: string,
) {
  await openPendingRequest(page, requestId);
  await approveOpenRequest(page, memo, approver, shot);
  await page.keyboard.press('Escape');
}

/**
 * Waits until the request open in `page`'s drawer is complete. The drawer follows live; should it not within a while,
 * the page is read again (noted on the test, as a finding). A stake or an unstake sends a transaction of the wallet
 * (its lifecycle and hash show); a claim sends none (the consensus layer pays it), so it has no lifecycle.
 */
export async function waitForCompletion(page: Page, requestId: string, { onChain = true, timeout = 90_000 } = {}) {
  const detail = page.getByTestId('request-detail');
  const progress = detail.getByTestId('request-progress');
  const deadline = Date.now() + timeout;
  let reloads = 0;
  for (;;) {
    try {
      await expect(progress).toHaveAttribute('data-progress', 'COMPLETE', { timeout: reloads === 0 ? 45_000 : 10_000 });
      break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      reloads += 1;
      await page.goto(`${new URL(page.url()).pathname}?request=${requestId}`);
    }
  }
  if (reloads > 0) {
    test.info().annotations.push({
      type: 'finding',
      description: `request ${requestId}: the open detail reached COMPLETE only after ${reloads} reload(s)`,
    });
  }
  await expect(detail.getByTestId('request-complete')).toBeVisible();
  if (onChain) {
    await expect(detail.getByTestId('staking-lifecycle')).toHaveAttribute('data-lifecycle', 'COMPLETED');
    await expect(detail.getByTestId('staking-tx-hash')).toHaveAttribute('data-hash', /^0x[0-9a-f]{64}$/);
  }
  return detail;
}

/** A full-page screenshot from the top of the page (a scrolled page pictures its fixed header mid-page). */
export async function snapTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

/** That `inner` is drawn wholly inside `outer` (not cut off by its edge, nor scrolled out of it sideways). */
export async function expectWithin(inner: Locator, outer: Locator) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  expect(a && b, 'both are shown').toBeTruthy();
  if (!a || !b) return;
  expect(a.x, 'left edge').toBeGreaterThanOrEqual(b.x);
  expect(a.x + a.width, 'right edge').toBeLessThanOrEqual(b.x + b.width);
}

/** Opens the staking page with a wallet's positions, through the wallet's row. */
export async function openPositions(page: Page, walletName: string) {
  await page.goto('/dashboard/staking');
  const row = page.getByTestId('staking-wallet-row').filter({ hasText: walletName });
  await row.getByTestId('staking-wallet-open').click();
  const positions = page.getByTestId('wallet-positions');
  await expect(positions).toBeVisible();
  await expect(row).toHaveAttribute('data-selected', 'true');
  return positions;
}

/** Rows of the positions table in one state. */
export function rowsIn(page: Page, state: string) {
  return page
    .getByTestId('position-row')
    .filter({ has: page.locator(`[data-testid="position-state"][data-state="${state}"]`) });
}

/** The states of the positions shown now. */
export async function statesShown(page: Page): Promise<string[]> {
  return page
    .getByTestId('position-row')
    .getByTestId('position-state')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-state') ?? ''));
}

/**
 * Reads the positions page again (the staking screens do not refresh by themselves between requests) until `check`
 * holds.
 */
export async function reloadUntil(page: Page, check: () => Promise<boolean>, message: string, timeout = 90_000) {
  await expect
    .poll(
      async () => {
        if (await check()) return true;
        await page.reload();
        await expect(page.getByTestId('wallet-positions')).toBeVisible();
        await expect(page.getByTestId('staking-overview')).toBeVisible();
        return check();
      },
      { message, timeout, intervals: [2_000] },
    )
    .toBe(true);
}

/**
 * Reads the positions page again and again until the first position shows, and returns its state: BONDING when the
 * bonding (5 s in the e2e server) was caught, ACTIVE when it passed between two reads.
 */
export async function watchFirstState(page: Page, timeout = 120_000): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const [state] = await statesShown(page);
    if (state) return state;
    if (Date.now() > deadline) throw new Error('no position appeared');
    await page.waitForTimeout(500);
    await page.reload();
    await expect(page.getByTestId('wallet-positions')).toBeVisible();
  }
}
