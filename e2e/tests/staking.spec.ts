import { type Browser, type Page, test } from '@playwright/test';
import { type Account, signIn, snap } from './auth.helpers';
import {
  amountOf,
  approveStakingRequest,
  expect,
  expectWithin,
  joinOrganization,
  openPositions,
  openWallet,
  reloadUntil,
  requestStake,
  rowsIn,
  STAKING_WALLET,
  saveSingleApproverLine,
  snapTop,
  statesShown,
  VALIDATOR,
  waitForCompletion,
  waitForFunds,
  watchFirstState,
} from './staking.helpers';
import { inviteByApi, settle } from './wallets.helpers';
import { addWalletMember, dismissNotices } from './withdrawals.helpers';

/**
 * Staking through a wallet's approval line, on the devnet (bonding 5 s, unbonding 30 s in the e2e server). The demo
 * owner lets a new member request on Story Staking, approved by a colleague. The member stakes 2,048 IP with
 * Hanbit Staking; once approved and confirmed the position bonds, becomes active and earns. Half is unstaked,
 * unbonds, and is claimed back; the other half stays staked.
 */

async function open(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test.describe('staking', () => {
  test('a member stakes, unstakes half and claims it through a one-approver line', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(600_000);
    const stamp = Date.now().toString(36);
    await dismissNotices(page);
    await signIn(page, request);

    // 1. A requester and an approver join; the requester becomes a member of Story Staking, which the approver's
    //    single step decides.
    const requester: Account = { email: `jihoon.${stamp}@demo.example`, password: 'Vaultline-2026!', otpSecret: '' };
    const approver: Account = { email: `dohyun.${stamp}@demo.example`, password: 'Vaultline-2026!', otpSecret: '' };
    const invitedR = await inviteByApi(page, request, requester.email);
    const invitedA = await inviteByApi(page, request, approver.email);
    const r = await open(browser);
    await dismissNotices(r);
    await joinOrganization(r, invitedR.mail, requester, ['박지훈', 'Park', 'Jihoon']);
    const a = await open(browser);
    await dismissNotices(a);
    await joinOrganization(a, invitedA.mail, approver, ['이도현', 'Lee', 'Dohyun']);
    const approverOtp = { otpSecret: approver.otpSecret, account: approver.email };

    const walletId = await openWallet(page, STAKING_WALLET);
    await addWalletMember(page, walletId, invitedR.memberId);
    await saveSingleApproverLine(page, requester.email, approver.email);
    await expect(page.getByTestId('line-view')).toContainText('이도현');
    await waitForFunds(page, STAKING_WALLET, 2048);

    // 2. The requester stakes 2,048 IP with Hanbit Staking, flexible, unlocked tokens.
    await r.goto('/dashboard/staking');
    await expect(r.getByTestId('staking-overview')).toBeVisible();
    const stakeDetail = await requestStake(r, {
      wallet: STAKING_WALLET,
      validator: VALIDATOR,
      period: /^자유형/,
      tokenType: /^잠금 해제 토큰$/,
      amount: '2048',
      shot: 'staking-1-stake-form-ko',
    });
    const stakeId = (await stakeDetail.getAttribute('data-request-id')) ?? '';
    expect(stakeId).toBeTruthy();
    await expect(stakeDetail.getByTestId('request-title')).toContainText('2,048 IP');
    await expect(stakeDetail.getByTestId('staking-amount')).toHaveText('2,048 IP');
    await r.waitForTimeout(400); // the drawer's opening animation
    await snap(r, 'staking-2-stake-requested-ko');

    // 3. The approver approves with a code; the stake is sent and confirmed on the devnet. The owner watches the
    //    wallet's positions meanwhile (the screen does not refresh by itself: it is read again every moment), to see
    //    the position bond for its 5 seconds before it is active.
    await openPositions(page, STAKING_WALLET);
    await expect(page.getByTestId('positions-empty')).toBeVisible();
    await approveStakingRequest(a, stakeId, '검증인 확인', approverOtp, 'staking-3-approve-otp-ko');
    const firstState = await watchFirstState(page);
    test.info().annotations.push({ type: 'observed', description: `first position state shown: ${firstState}` });
    expect(['BONDING', 'ACTIVE']).toContain(firstState);
    if (firstState === 'BONDING') await snapTop(page, 'staking-5-owner-position-bonding-ko');
    await waitForCompletion(r, stakeId);
    await settle(r).catch(() => undefined);
    await snap(r, 'staking-4-stake-complete-ko');
    await r.keyboard.press('Escape');
    await expect(r.getByTestId('request-detail')).toHaveCount(0);

    // 4. The position bonds, becomes active and earns.
    const positions = await openPositions(r, STAKING_WALLET);
    await expect(positions).toContainText(`${STAKING_WALLET}의 포지션`);
    await expect(r.getByTestId('position-row')).toHaveCount(1);
    expect(['BONDING', 'ACTIVE']).toContain((await statesShown(r))[0]);
    await reloadUntil(r, async () => (await rowsIn(r, 'ACTIVE').count()) === 1, 'the position becomes ACTIVE', 30_000);
    const active = rowsIn(r, 'ACTIVE').first();
    await expect(active.getByTestId('position-amount')).toHaveText('2,048 IP');
    const rewards1 = amountOf(await active.getByTestId('position-rewards').textContent());
    // The overview has a card for the testnet, where the wallet is; Story itself, where nothing is staked, is one line.
    const overview = r.locator('[data-testid="staking-overview-item"][data-blockchain="STORY_TESTNET"]');
    await expect(r.locator('[data-testid="staking-overview-item"][data-blockchain="STORY"]')).toHaveCount(0);
    await expect(r.getByTestId('staking-overview-idle')).toBeVisible();
    // The whole row fits the 1366 px screen: its Unstake button is not cut off at the table's right edge.
    await expectWithin(active.getByTestId('position-unstake'), positions);
    const earned1 = amountOf(await overview.getByTestId('overview-rewards-earned').textContent());
    await reloadUntil(
      r,
      async () => amountOf(await rowsIn(r, 'ACTIVE').first().getByTestId('position-rewards').textContent()) > rewards1,
      'the position earns rewards',
      30_000,
    );
    const rewards2 = amountOf(await rowsIn(r, 'ACTIVE').first().getByTestId('position-rewards').textContent());
    expect(rewards2).toBeGreaterThan(rewards1);
    expect(amountOf(await overview.getByTestId('overview-rewards-earned').textContent())).toBeGreaterThan(earned1);
    await expect(overview.getByTestId('overview-total-staked')).toHaveText('2,048 IP');
    await expect(
      r.getByTestId('staking-wallet-row').filter({ hasText: STAKING_WALLET }).getByTestId('staking-wallet-staked'),
    ).toHaveText('2,048 IP');
    await snapTop(r, 'staking-6-overview-active-ko');

    // 5. Unstake 1,024 IP, approved; it unbonds for 30 s, then is claimable.
    await active.getByTestId('position-unstake').click();
    const unstake = r.getByTestId('unstake-form');
    await expect(unstake).toBeVisible();
    await expect(unstake.getByTestId('unstake-position-amount')).toHaveText('2,048 IP');
    await unstake.getByTestId('unstake-amount').fill('1024');
    await r.waitForTimeout(400);
    // From the top: a dialog over a page scrolled down would land mid-picture in a full-page screenshot.
    await snapTop(r, 'staking-7-unstake-dialog-ko');
    await unstake.getByTestId('unstake-submit').click();
    const unstakeDetail = r.getByTestId('request-detail');
    await expect(unstakeDetail.getByTestId('request-title')).toContainText('1,024 IP');
    const unstakeId = (await unstakeDetail.getAttribute('data-request-id')) ?? '';
    await approveStakingRequest(a, unstakeId, '일부 언스테이킹', approverOtp);
    await waitForCompletion(r, unstakeId);
    await r.keyboard.press('Escape');
    await expect(r.getByTestId('request-detail')).toHaveCount(0);

    await reloadUntil(r, async () => (await rowsIn(r, 'UNBONDING').count()) === 1, 'an UNBONDING row', 30_000);
    const unbonding = rowsIn(r, 'UNBONDING').first();
    await expect(unbonding.getByTestId('position-amount')).toHaveText('1,024 IP');
    await expect(unbonding.getByTestId('position-unbonding-ends')).toHaveText(/\d/);
    await expect(unbonding.getByTestId('position-unstake')).toBeDisabled();
    await expect(rowsIn(r, 'ACTIVE').first().getByTestId('position-amount')).toHaveText('1,024 IP');
    await snapTop(r, 'staking-8-unbonding-ko');

    await reloadUntil(
      r,
      async () => (await rowsIn(r, 'UNBONDED').count()) === 1 && (await r.getByTestId('claimable-row').count()) === 1,
      'the unbonding ends and a claim appears',
      90_000,
    );
    const claimable = r.getByTestId('claimable-row').first();
    // The minutes of rewards are under Story's payout threshold: the screen says when rewards become claimable.
    await expect(r.getByTestId('claim-threshold-note')).toContainText('8 IP');
    await expect(claimable).toContainText(VALIDATOR);
    await snapTop(r, 'staking-9-claimable-ko');

    // 6. Claim: 1,024 IP of principal (its minutes of rewards stay accruing, under the threshold), approved; the claim
    // and the unbonded row go.
    await claimable.getByTestId('claim-open').click();
    const claim = r.getByTestId('claim-summary');
    await expect(claim).toBeVisible();
    await expect(claim.getByTestId('claim-principal')).toHaveText('1,024 IP');
    // Under the payout threshold nothing of the rewards is claimable yet.
    await expect(claim.getByTestId('claim-rewards')).toHaveText('0 IP');
    await r.waitForTimeout(400);
    await snapTop(r, 'staking-10-claim-dialog-ko');
    await r.getByTestId('claim-submit').click();
    const claimDetail = r.getByTestId('request-detail');
    await expect(claimDetail.getByTestId('staking-principal')).toHaveText('1,024 IP');
    const claimId = (await claimDetail.getAttribute('data-request-id')) ?? '';
    await approveStakingRequest(a, claimId, '원금 수령', approverOtp);
    await waitForCompletion(r, claimId, { onChain: false });
    // No transaction is sent for a claim, and the detail says why rather than leaving it out.
    await expect(claimDetail.getByTestId('staking-no-transaction')).toContainText('합의 계층');
    await snapTop(r, 'staking-10b-claim-complete-ko');
    await r.keyboard.press('Escape');
    await expect(r.getByTestId('request-detail')).toHaveCount(0);

    await reloadUntil(
      r,
      async () =>
        (await rowsIn(r, 'UNBONDED').count()) === 0 &&
        (await rowsIn(r, 'UNBONDING').count()) === 0 &&
        (await r.getByTestId('claimable-row').filter({ hasNotText: '원금 0 IP' }).count()) === 0,
      'the claimed principal leaves the positions',
      30_000,
    );
    // The remaining position goes on earning at once: rewards alone may be claimable again, never principal.
    await expect(rowsIn(r, 'ACTIVE')).toHaveCount(1);
    await expect(rowsIn(r, 'ACTIVE').first().getByTestId('position-amount')).toHaveText('1,024 IP');
    await expect(
      r.getByTestId('staking-wallet-row').filter({ hasText: STAKING_WALLET }).getByTestId('staking-wallet-staked'),
    ).toHaveText('1,024 IP');
    await expect(overview.getByTestId('overview-total-staked')).toHaveText('1,024 IP');
    await expect(overview.getByTestId('overview-claimable-hint')).toContainText('원금 0 IP');
    await settle(r).catch(() => undefined);
    await snapTop(r, 'staking-11-after-claim-ko');

    // The requester's list of requests: three staking requests, all complete.
    await r.goto('/dashboard/approvals?tab=my-requests');
    await expect(r.getByTestId('request-row')).toHaveCount(3);
    await snap(r, 'staking-12-my-requests-ko');
  });
});
