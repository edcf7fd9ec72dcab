import { type Browser, expect, type Page, test } from '@playwright/test';
import { type Account, credentials, signIn, snap } from './auth.helpers';
import { approveOpenRequest, inviteByApi, joinFromMail, setLanguage, settle } from './wallets.helpers';
import {
  addWalletMember,
  dismissNotices,
  openPendingRequest,
  registerPersonalEntry,
  rejectOpenRequest,
  requestWithdrawal,
  SEPOLIA_ETH,
  WEI,
} from './withdrawals.helpers';

/**
 * Withdrawals through a wallet's approval line, on the devnet. The demo owner sets Sepolia Treasury's line: a new
 * member requests, two people (the owner and a colleague) must approve. The member withdraws to a registered
 * self-managed entry; both approve with their codes; the transaction confirms on the devnet and the owner's balance,
 * notice and activity update without a reload. A second withdrawal is rejected, a third canceled by its requester,
 * and the others' screens follow live.
 */

async function open(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

const WALLET = 'Sepolia Treasury';

test.describe('withdrawals', () => {
  test('a member withdraws through a two-approver line; another is rejected, another canceled', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(600_000);
    const stamp = Date.now().toString(36);
    const owner = await credentials(request);
    await dismissNotices(page);
    await signIn(page, request);

    // A requester and an approver join the organization.
    const requester: Account = { email: `junho.${stamp}@demo.example`, password: 'Vaultline-2026!', otpSecret: '' };
    const approver: Account = { email: `sora.${stamp}@demo.example`, password: 'Vaultline-2026!', otpSecret: '' };
    const invitedR = await inviteByApi(page, request, requester.email);
    const invitedA = await inviteByApi(page, request, approver.email);
    const r = await open(browser);
    await dismissNotices(r);
    await joinFromMail(r, invitedR.mail, requester, ['박준호', 'Park', 'Junho']);
    const a = await open(browser);
    await dismissNotices(a);
    await joinFromMail(a, invitedA.mail, approver, ['최소라', 'Choi', 'Sora']);

    // The owner sets Sepolia Treasury's line: the requester requests, the owner and the approver both approve.
    await page.goto('/dashboard/wallets');
    await page.getByTestId('wallet-row').filter({ hasText: WALLET }).first().click();
    await expect(page.getByTestId('wallet-detail')).toBeVisible({ timeout: 15_000 });
    const walletId = (await page.getByTestId('wallet-detail').getAttribute('data-wallet-id')) ?? '';
    await addWalletMember(page, walletId, invitedR.memberId);
    const card = page.locator(`[data-testid="wallet-balance"][data-token-id="${SEPOLIA_ETH}"]`);
    await expect(card).toHaveAttribute('data-total', /^[1-9][0-9]{18,}$/, { timeout: 60_000 });
    await page.getByTestId('wallet-tab-line').click();
    await page.getByTestId('line-setup').or(page.getByTestId('line-edit')).click();
    await page.getByTestId('line-creation-select').click();
    await page.getByRole('option', { name: new RegExp(requester.email.replace(/\./g, '\\.')) }).click();
    await page.keyboard.press('Escape');
    const step = page.getByTestId('line-step').first();
    await step.getByTestId('line-approvers').click();
    await page.getByRole('option', { name: /owner@demo\.vaultline\.local/ }).click();
    await page.getByRole('option', { name: new RegExp(approver.email.replace(/\./g, '\\.')) }).click();
    await page.keyboard.press('Escape');
    await step.getByTestId('line-required').fill('2');
    await page.getByTestId('line-save').click();
    await expect(page.getByTestId('line-view')).toContainText('최소라');
    const entry = await registerPersonalEntry(page, `개인 보관 ${stamp.slice(-4)}`);

    // The member requests 0.5 ETH: the preview names both approvers; no code is asked to create.
    const destination = new RegExp(`^개인 보관 ${stamp.slice(-4)}`);
    const draft = { wallet: new RegExp(`^${WALLET}`), token: /^ETH ·/, destination };
    await r.goto('/dashboard/withdraw');
    await expect(r.getByTestId('withdraw-preview-empty')).toBeVisible();
    await snap(r, 'withdraw-0-empty-ko');
    const first = await requestWithdrawal(r, { ...draft, amount: '0.5', shot: 'withdraw-1-form-preview-ko' });
    await expect(r.getByTestId('preview-step')).toHaveAttribute('data-required', '2');
    await expect(r.getByTestId('preview-approver')).toHaveCount(2);
    const firstId = (await first.getAttribute('data-request-id')) ?? '';
    // Shown as the network writes it (EIP-55 checksummed).
    await expect(first.getByTestId('withdrawal-destination')).toContainText(new RegExp(entry.address, 'i'));
    await expect(first.getByTestId('withdrawal-fee-reserve')).toHaveText('0.001 ETH');
    await r.waitForTimeout(400);
    await snap(r, 'withdraw-2-requested-ko');

    // The approver's badge and list show it live; the owner approves first, then the approver.
    await a.goto('/dashboard/approvals');
    await expect(a.locator(`[data-testid=request-row][data-request-id="${firstId}"]`)).toBeVisible();
    await openPendingRequest(page, firstId);
    await approveOpenRequest(page, '금액 확인', owner);
    await page.keyboard.press('Escape');

    // The owner watches the wallet while the approver's decision sends the transaction.
    await page.goto(`/dashboard/wallets/sepolia/${walletId}`);
    // A whole page load: on a busy machine the app took 5 s to start and ask for the wallet (the default wait).
    await expect(card).toBeVisible({ timeout: 30_000 });
    const before = BigInt((await card.getAttribute('data-total')) ?? '0');
    await page.removeLocatorHandler(page.getByTestId('notice-dismiss-all'));
    await openPendingRequest(a, firstId);
    await snap(a, 'withdraw-3-approver-detail-ko');
    await approveOpenRequest(a, '2차 승인', { otpSecret: approver.otpSecret, account: approver.email });

    // Confirmed on the devnet: the owner's balance and notice change without a reload.
    const notice = page.getByTestId('notice').filter({ hasText: '출금' }).first();
    await expect(notice.getByTestId('notice-text')).toContainText(`출금 완료: ${WALLET}에서 0.5 ETH`, {
      timeout: 90_000,
    });
    await expect
      .poll(async () => BigInt((await card.getAttribute('data-total')) ?? '0'))
      .toBeLessThan(before - WEI / 2n + 1n);
    await snap(page, 'withdraw-4-owner-notice-ko');
    await page.getByTestId('notice-dismiss-all').click();
    await expect(page.getByTestId('notice-dialog')).toBeHidden();
    await page.getByTestId('wallet-tab-activity').click();
    const latest = page.getByTestId('wallet-activity-table').getByTestId('activity-row').first();
    await expect(latest).toHaveAttribute('data-status', 'CONFIRMED');
    await expect(latest.getByTestId('activity-amount')).toHaveText('−0.5 ETH');
    await snap(page, 'withdraw-5-activity-ko');

    // The requester's open detail followed it to completion: progress, transaction hash, lifecycle.
    await expect(first.getByTestId('request-complete')).toBeVisible({ timeout: 30_000 });
    await expect(first.getByTestId('request-progress')).toHaveAttribute('data-progress', 'COMPLETE');
    await expect(first.getByTestId('withdrawal-lifecycle')).toHaveAttribute('data-lifecycle', 'COMPLETED');
    await expect(first.getByTestId('withdrawal-tx-hash')).toHaveAttribute('data-hash', /^0x[0-9a-f]{64}$/);
    await snap(r, 'withdraw-6-request-complete-ko');

    // A second withdrawal is rejected by the approver: the requester's open detail says so live.
    await r.keyboard.press('Escape');
    const second = await requestWithdrawal(r, { ...draft, amount: '0.1' });
    const secondId = (await second.getAttribute('data-request-id')) ?? '';
    await openPendingRequest(a, secondId);
    await rejectOpenRequest(a, '용도가 확인되지 않았습니다', {
      otpSecret: approver.otpSecret,
      account: approver.email,
    });
    await expect(second.getByTestId('request-status')).toHaveAttribute('data-status', 'rejected', { timeout: 15_000 });
    await expect(second.getByTestId('request-outcome')).toContainText('반려된 출금');
    await snap(r, 'withdraw-7-rejected-ko');

    // A third is canceled by its requester: it leaves the approver's pending list live.
    await r.keyboard.press('Escape');
    const third = await requestWithdrawal(r, { ...draft, amount: '0.2' });
    const thirdId = (await third.getAttribute('data-request-id')) ?? '';
    await a.keyboard.press('Escape');
    await a.goto('/dashboard/approvals');
    const pendingRow = a.locator(`[data-testid=request-row][data-request-id="${thirdId}"]`);
    await expect(pendingRow).toBeVisible();
    await third.getByTestId('request-cancel').click();
    await r.getByTestId('request-cancel-confirm').click();
    await expect(third.getByTestId('request-status')).toHaveAttribute('data-status', 'canceled');
    await expect(pendingRow).toHaveCount(0, { timeout: 10_000 });
    await settle(r);
    await snap(r, 'withdraw-8-canceled-ko');
    await r.goto('/dashboard/approvals?tab=my-requests');
    await expect(r.getByTestId('request-row')).toHaveCount(3);
    await snap(r, 'withdraw-9-my-requests-ko');

    // The same screens in English: the form from the wallet's own button, and the completed request.
    await setLanguage(r, 'en');
    await r.goto(`/dashboard/wallets/sepolia/${walletId}`);
    await r.getByTestId('wallet-withdraw').click();
    await r.getByTestId('withdraw-token').click();
    await r.getByRole('option', { name: /^ETH ·/ }).click();
    await expect(r.getByTestId('preview-step')).toContainText('2 of 2 must approve');
    await r.getByTestId('withdraw-amount').fill('0.1234567890123456789');
    await r.getByTestId('withdraw-submit').click();
    await expect(r.getByText('Decimal 18 digit is the maximum you can enter.')).toBeVisible();
    await snap(r, 'withdraw-10-form-en');
    await r.goto(`/dashboard/approvals?tab=my-requests&request=${firstId}`);
    await expect(r.getByTestId('request-detail').getByTestId('withdrawal-lifecycle')).toHaveText('Confirmed');
    await r.waitForTimeout(400);
    await snap(r, 'withdraw-11-request-en');
    await r.keyboard.press('Escape');
    await expect(r.getByTestId('request-detail')).toHaveCount(0);
    await setLanguage(r, 'ko');
  });
});
