import { type Browser, expect, type Page, test } from '@playwright/test';
import { type Account, credentials, signIn, snap } from './auth.helpers';
import {
  approveOpenRequest,
  createGroupByApi,
  inviteByApi,
  joinFromMail,
  openCreatedWallet,
  requestWallet,
  setLanguage,
  settle,
} from './wallets.helpers';

/**
 * Wallets through approval lines. The demo owner (OWNER, hence every permission) requests one wallet
 * of each family under the default wallet-creation line (one step, the owner approves) and the engine
 * derives real addresses. Then the owner invites a colleague, puts them in a group, makes the line two
 * steps (the owner, then the group), and a wallet needs both people's approval.
 */

const EVM_CHECKSUMMED = /^0x(?=[0-9a-fA-F]*[a-f])(?=[0-9a-fA-F]*[A-F])[0-9a-fA-F]{40}$/;
const BTC_TESTNET = /^tb1[02-9ac-hj-np-z]{39,59}$/;
const SOLANA = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

async function open(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test.describe('wallets', () => {
  test('the owner creates an EVM, a Bitcoin, an EOS-type and a Solana wallet through the default line', async ({
    page,
    request,
  }) => {
    test.setTimeout(360_000);
    const stamp = Date.now().toString(36).slice(-4);
    const owner = await credentials(request);
    await signIn(page, request);
    await page.goto('/dashboard/wallets');
    await expect(page.getByTestId('wallet-list')).toBeVisible();
    // The demo organization starts with seeded holdings wallets.
    await expect(page.getByTestId('wallet-row').first()).toBeVisible();
    const seeded = await page.getByTestId('wallet-row').count();
    await snap(page, 'wallets-seeded-ko');

    // EVM: a checksummed (mixed-case) 0x address.
    await requestWallet(page, {
      network: '테스트넷 Sepolia',
      name: `운영 지갑 ${stamp}`,
      shot: 'wallets-create-evm-ko',
    });
    await settle(page);
    await snap(page, 'approvals-request-pending-ko');
    await approveOpenRequest(page, '재무팀 확인 완료', owner, 'approval-otp-dialog-ko');
    const evm = await openCreatedWallet(page);
    expect(evm).toMatch(EVM_CHECKSUMMED);
    await expect(page.getByTestId('my-role')).toHaveAttribute('data-role', 'MANAGER');
    await settle(page);
    await snap(page, 'wallet-detail-evm-ko');

    // Bitcoin testnet: a bech32 tb1 address.
    await requestWallet(page, { network: '테스트넷 Bitcoin', name: `BTC 보관 ${stamp}` });
    await approveOpenRequest(page, 'BTC 보관용', owner);
    expect(await openCreatedWallet(page)).toMatch(BTC_TESTNET);

    // EOS-type (BizAuto): the 12-character account chosen by hand is the address.
    const account = `vault${stamp.replace(/[^a-z1-5]/g, 'a')}`.padEnd(12, 'z').slice(0, 12);
    await requestWallet(page, {
      network: 'BizAuto',
      name: `BizAuto ${stamp}`,
      accountName: account,
      shot: 'wallets-create-eos-manual-ko',
    });
    await approveOpenRequest(page, 'EOS 계정 확인', owner);
    expect(await openCreatedWallet(page)).toBe(account);

    // Solana: a base58 address.
    await requestWallet(page, { network: 'Solana', name: `SOL 운영 ${stamp}` });
    await approveOpenRequest(page, 'SOL 확인', owner);
    expect(await openCreatedWallet(page)).toMatch(SOLANA);
    await settle(page);
    await page.getByTestId('wallet-key-details').click();
    await expect(page.getByTestId('wallet-derivation-path')).toHaveText(/^m\/44'\/501'/);
    await page.waitForTimeout(400); // the panel's opening animation
    await snap(page, 'wallet-detail-sol-keys-ko');

    await page.goto('/dashboard/wallets');
    await expect(page.getByTestId('wallet-row')).toHaveCount(seeded + 4);
    const names = [`운영 지갑 ${stamp}`, `BTC 보관 ${stamp}`, `BizAuto ${stamp}`, `SOL 운영 ${stamp}`];
    for (const name of names) await expect(page.getByTestId('wallet-list')).toContainText(name);
    await snap(page, 'wallets-list-ko');
    await page.goto('/dashboard/approvals?tab=my-requests');
    for (const name of names) {
      const row = page.getByTestId('request-row').filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('request-status')).toHaveText('완료');
    }
    await snap(page, 'approvals-my-requests-ko');
  });

  test('a two-step wallet-creation line: the owner approves step 1, a group member step 2', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(420_000);
    const stamp = Date.now().toString(36);
    const owner = await credentials(request);
    await signIn(page, request);

    // A colleague joins through the mailed invitation and registers an authenticator.
    const colleague: Account = { email: `seoyeon.${stamp}@demo.example`, password: 'Vaultline-2026!', otpSecret: '' };
    const { memberId, mail } = await inviteByApi(page, request, colleague.email);
    const m = await open(browser);
    await joinFromMail(m, mail, colleague, ['이서연', 'Lee', 'Seoyeon']);
    await createGroupByApi(page, `승인팀 ${stamp}`, [memberId]);

    // The owner makes the wallet-creation line two steps: the owner, then the group.
    await page.goto('/dashboard/approvals');
    await page.getByTestId('creation-line-edit').click();
    const editor = page.getByTestId('creation-line-dialog');
    await expect(editor.getByTestId('line-step')).toHaveCount(1);
    await editor.getByTestId('line-add-step').click();
    const step2 = editor.getByTestId('line-step').nth(1);
    await step2.getByTestId('line-approvers').click();
    await page.getByRole('option', { name: new RegExp(`승인팀 ${stamp}`) }).click();
    await step2.getByTestId('line-required').fill('2');
    await expect(step2.getByTestId('line-step-error')).toContainText('1명');
    await snap(page, 'approval-line-editor-error-ko');
    await step2.getByTestId('line-required').fill('1');
    await expect(step2.getByTestId('line-step-error')).toHaveCount(0);
    await snap(page, 'approval-line-editor-ko');
    await editor.getByTestId('line-save').click();
    await expect(editor).toBeHidden();
    await expect(page.getByTestId('creation-line-step')).toHaveCount(2);
    await expect(page.getByTestId('creation-line-step').nth(1)).toContainText(`승인팀 ${stamp}`);

    // A wallet request now needs the owner, then the group member.
    const name = `2단계 지갑 ${stamp.slice(-4)}`;
    const detail = await requestWallet(page, { network: 'Base', name });
    await approveOpenRequest(page, '1단계 승인', owner);
    await expect(detail.getByTestId('request-status')).toHaveText('1단계 승인');
    await expect(detail.getByTestId('waiting-for')).toContainText('이서연');
    await expect(detail.getByTestId('request-complete')).toHaveCount(0);
    await settle(page);
    await snap(page, 'approvals-step1-approved-ko');

    // The colleague sees the badge (refreshed every 15 s, no reload) and the bell's notification, which opens the
    // request; they approve step 2.
    await m.goto('/dashboard/assets');
    await expect(m.getByTestId('approvals-badge')).toHaveText('1', { timeout: 20_000 });
    await expect(m.getByTestId('notification-bell')).not.toHaveAttribute('data-unread', '0', { timeout: 20_000 });
    await m.getByTestId('notification-bell').click();
    const asked = m.locator('[data-testid=notification-item][data-kind=APPROVAL_NEEDED]').first();
    await expect(asked).toContainText('지갑 생성 요청이 승인을 기다립니다');
    await expect(asked).toHaveAttribute('data-read', 'false');
    await snap(m, 'notification-bell-member-ko');
    await asked.click();
    await expect(m).toHaveURL(/\/dashboard\/approvals\?request=/);
    const row = m.locator('[data-testid=request-row][data-can-approve=true]');
    await expect(row).toHaveCount(1);
    await snap(m, 'approvals-pending-member-ko');
    await expect(m.getByTestId('request-detail').getByTestId('request-title')).toHaveText(name, { timeout: 15_000 });
    await m.waitForTimeout(400); // the drawer's opening animation
    await snap(m, 'approvals-detail-member-ko');
    await approveOpenRequest(m, '2단계 승인합니다', { otpSecret: colleague.otpSecret, account: colleague.email });
    await expect(m.getByTestId('approvals-badge')).toHaveCount(0);

    // The initiator (owner) is told: approved by the line, then complete; the bell lists both. (Away from the
    // approvals page: the request's drawer, reopened from the address, would cover the header.)
    const requestUrl = page.url();
    await page.goto('/dashboard/assets');
    await page.getByTestId('notification-bell').click();
    const told = page.getByTestId('notification-item');
    await expect(told.filter({ hasText: '지갑 생성 요청이 완료되었습니다' }).first()).toBeVisible({ timeout: 20_000 });
    await expect(told.filter({ hasText: '지갑 생성 요청이 승인되었습니다' }).first()).toBeVisible();
    await snap(page, 'notification-bell-owner-ko');
    await page.getByTestId('notification-read-all').click();
    await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-unread', '0');
    await page.keyboard.press('Escape');

    // The initiator (owner) becomes the wallet's manager; the address is checksummed.
    await page.goto(requestUrl);
    const address = await openCreatedWallet(page);
    expect(address).toMatch(EVM_CHECKSUMMED);
    await expect(page.getByTestId('my-role')).toHaveAttribute('data-role', 'MANAGER');

    // As its manager, the owner sets the wallet's own line: the group requests, the owner approves.
    await page.getByTestId('wallet-tab-line').click();
    await page.getByTestId('line-setup').click();
    await page.getByTestId('line-creation-select').click();
    await page.getByRole('option', { name: new RegExp(`승인팀 ${stamp}`) }).click();
    // A multi-select stays open after a choice; close it as a user would before the next field.
    await page.keyboard.press('Escape');
    await page.getByTestId('line-step').first().getByTestId('line-approvers').click();
    await page.getByRole('option', { name: /owner@demo\.vaultline\.local/ }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('line-save').click();
    await expect(page.getByTestId('line-view')).toContainText(`승인팀 ${stamp}`);
    await settle(page);
    await snap(page, 'wallet-line-ko');
    await page.getByTestId('wallet-tab-members').click();

    // The same screens in English.
    await settle(page);
    await setLanguage(page, 'en');
    await expect(page.getByTestId('wallet-address-card')).toContainText('Deposit address');
    await snap(page, 'wallet-detail-en');
    await page.goto('/dashboard/approvals?tab=all');
    await expect(page.getByTestId('request-row').first()).toBeVisible();
    await snap(page, 'approvals-all-en');
    await page.getByTestId('request-row').first().click();
    await expect(page.getByTestId('request-detail')).toContainText('Step 2');
    await page.waitForTimeout(400);
    await snap(page, 'approvals-detail-en');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('request-detail')).toHaveCount(0);
    await setLanguage(page, 'ko');
  });
});
