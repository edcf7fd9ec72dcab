import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type Account, snap } from './auth.helpers';
import { coldJourneyPeople, coldSigner, decide } from './cold-signing.helpers';
import { approveOpenRequest, requestWallet, settle } from './wallets.helpers';

/**
 * Cold by organization policy, on the devnet. Operator A proposes that the demo organization's new wallets be cold
 * (one signing operator), operator B approves. The owner asks for a Sepolia wallet and approves it; it waits at
 * signing. The signing operator finds it in the queue, exports the suggested account's key on the air-gapped signer
 * (`npm run cold-signer`, a seed no other part sees) as QR images, uploads them, and the wallet is made from that key:
 * the owner sees it complete, a cold wallet. The policy goes back to hot at the end, for the journeys after this one.
 */

/** Operator `a` proposes the custody policy from the organization's drawer; `b` approves it. */
async function setPolicy(a: Page, b: Page, operatorB: Account, mode: 'HOT' | 'COLD', shot?: string) {
  await a.goto('/dashboard/operation/organization');
  await a.locator('[data-testid=organization-row][data-name="Vaultline Demo"]').click();
  const drawer = a.getByTestId('organization-drawer');
  await drawer.getByTestId('propose-custody').click();
  const dialog = a.getByTestId('proposal-dialog').getByRole('dialog');
  await dialog
    .getByTestId('custody-mode')
    .getByText(mode === 'COLD' ? /^콜드/ : /^핫/)
    .click();
  if (shot) {
    await expect(dialog.getByTestId('custody-signers')).toBeVisible();
    await snap(a, shot);
  }
  await dialog.getByTestId('proposal-submit').click();
  await expect(dialog).toBeHidden();
  await a.keyboard.press('Escape');
  const proposed = await decide(b, 'ORGANIZATION_UPDATE_CUSTODY_POLICY', operatorB, 'Custody policy agreed');
  expect(proposed).toContain(mode === 'COLD' ? '콜드' : '핫');
}

test.describe('cold by organization policy', () => {
  test("an approved wallet creation waits for the air-gapped signer's key, imported through the signing queue", async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(600_000);
    const { demo, operatorB, a, b, s } = await coldJourneyPeople(browser, page, request);
    const stamp = Date.now().toString(36).slice(-4);

    await setPolicy(a, b, operatorB, 'COLD', 'custody-policy-proposal-ko');
    await a.goto('/dashboard/operation/organization');
    await a.locator('[data-testid=organization-row][data-name="Vaultline Demo"]').click();
    await expect(a.getByTestId('drawer-custody')).toContainText('콜드');

    // The owner asks for a wallet; approved, it waits at signing for the provider's key.
    const walletName = `정책 콜드 ${stamp}`;
    await requestWallet(page, { network: '테스트넷 Sepolia', name: walletName });
    const detail = await approveOpenRequest(page, '콜드 보관 확인', demo);
    await expect(detail.getByTestId('request-progress')).toHaveAttribute('data-progress', 'SIGNING', {
      timeout: 30_000,
    });
    await expect(detail.getByTestId('request-signing')).toContainText('오프라인 서명 기기');
    await settle(page);
    await snap(page, 'wallet-waiting-cold-key-ko');

    // The signing operator finds it in the queue and brings the signer's key of the suggested account.
    await s.goto('/dashboard/operation/organization');
    await s.getByTestId('signing-header').click({ timeout: 30_000 });
    const row = s.getByTestId('wallet-key-row').filter({ hasText: walletName });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await settle(s);
    await snap(s, 'signing-queue-wallet-keys-ko');
    await row.getByTestId('key-import').click();
    const dialog = s.getByTestId('wallet-key-dialog').getByRole('dialog');
    const command = (await dialog.getByTestId('key-command').textContent()) ?? '';
    const account = command.match(/--account (\d+)/)?.[1];
    expect(command).toContain('--blockchain SEPOLIA');
    expect(account).toBeTruthy();
    const work = test.info().outputPath('cold-signer');
    mkdirSync(join(work, 'account'), { recursive: true });
    const seedFile = join(work, 'seed.txt');
    coldSigner(['new', '--seed', seedFile]);
    const images = coldSigner([
      ...['export', '--seed', seedFile, '--blockchain', 'SEPOLIA', '--account', account!],
      ...['--frames-out', join(work, 'account')],
    ]);
    await dialog.getByTestId('key-codes').locator('input[type=file]').setInputFiles(images);
    await expect(dialog.getByTestId('key-codes-count')).toBeVisible();
    await snap(s, 'wallet-key-import-ko');
    await dialog.getByTestId('key-submit').click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(s.getByTestId('wallet-key-row').filter({ hasText: walletName })).toHaveCount(0);

    // The owner's request completes; the wallet is cold, its key never in Vaultline.
    await expect(detail.getByTestId('request-complete')).toBeVisible({ timeout: 30_000 });
    await page.goto('/dashboard/wallets');
    const walletRow = page.getByTestId('wallet-row').filter({ hasText: walletName }).first();
    await expect(walletRow.getByTestId('cold-badge')).toBeVisible();

    await setPolicy(a, b, operatorB, 'HOT');
  });
});
