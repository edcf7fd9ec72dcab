import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { signIn, snap } from './auth.helpers';

/**
 * Assets: the demo owner manages tokens, sees the demo holdings (seeded through the devnet) with a token it never
 * added kept apart until one click adds it, receives a deposit sent with the devnet command live (notice dialog
 * and balance without a reload), and exports today's activity as CSV.
 */

const run = promisify(execFile);
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PORT = process.env.E2E_PORT ?? '3100';
const SEPOLIA_ETH = 'SEPOLIA.ETH';
const WEI = 10n ** 18n;
const USDT_1500 = '1500000000'; // 1,500 USDT in base units (6 decimals)

/** Picks an option of an open Mantine select by its label. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The labels the add-token dialog's token select offers (opens it). */
async function offeredTokens(page: Page): Promise<string[]> {
  await page.getByTestId('add-token-token').click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  return (await options.allTextContents()).map((label) => label.trim());
}

/**
 * The demo's seeded deposits confirm a few blocks after the start, and their live notices open a dialog over
 * whatever the journey is doing: journeys that are not about notices dismiss it whenever it shows.
 */
async function dismissNotices(page: Page) {
  await page.addLocatorHandler(page.getByTestId('notice-dismiss-all'), (button) => button.click());
}

/** Opens a demo wallet's detail from the wallet list. */
async function openWallet(page: Page, name: string) {
  await page.goto('/dashboard/wallets');
  await page.getByTestId('wallet-row').filter({ hasText: name }).first().click();
  await expect(page.getByTestId('wallet-detail')).toBeVisible();
}

test.describe('assets', () => {
  // Sign-in after the authentication journeys (new password, IP check) and screenshots take time on 2 cores.
  test.describe.configure({ timeout: 120_000 });
  test('the owner adds a token: only tokens not yet registered are offered, and deletes it', async ({
    page,
    request,
  }) => {
    await dismissNotices(page);
    await signIn(page, request);
    await page.goto('/dashboard/tokens');
    // The demo organization has registered USDC on Ethereum and Sepolia.
    await expect(page.locator('[data-testid="token-row"][data-token-id="ETHEREUM.USDC"]')).toBeVisible();
    await expect(page.getByTestId('native-coin').first()).toBeVisible();
    await snap(page, 'tokens-list-ko');

    await page.getByTestId('add-token').click();
    const dialog = page.getByRole('dialog');
    // Sepolia's only token is registered already: nothing is offered, and the dialog says so.
    await choose(page, 'add-token-network', '테스트넷 Sepolia');
    await expect(dialog.getByTestId('add-token-none')).toContainText('모두 이미 등록되어 있습니다');
    await expect(dialog.getByTestId('add-token-token')).toBeDisabled();
    await snap(page, 'tokens-add-none-left-ko');

    await choose(page, 'add-token-network', 'Ethereum');
    expect(await offeredTokens(page)).not.toContain('USDC · USD Coin');
    await page.getByRole('option', { name: 'DAI · Dai Stablecoin', exact: true }).click();
    await expect(dialog.getByTestId('add-token-preview')).toContainText('0x6B175474E89094C44Da98b954EedeAC495271d0F');
    await dialog.getByTestId('add-token-submit').click();
    await expect(dialog).toBeHidden();
    const added = page.locator('[data-testid="token-row"][data-token-id="ETHEREUM.DAI"]');
    await expect(added).toContainText('DAI');
    await expect(added).toContainText('0x6B1754…271d0F');
    await snap(page, 'tokens-added-ko');

    await added.getByTestId('token-remove').click();
    await page.getByTestId('token-remove-confirm').click();
    await expect(added).toBeHidden();
  });

  test('USDT received but never added is shown apart, out of the holdings, and joins them in one click', async ({
    page,
    request,
  }) => {
    await dismissNotices(page);
    await signIn(page, request);
    await page.goto('/dashboard/assets');
    // The demo deposits 1,500 USDT to Ethereum Reserve; the organization registered only USDC.
    const apart = page.getByTestId('unregistered-holdings');
    const usdtApart = apart.locator('[data-testid="unregistered-row"][data-token-id="ETHEREUM.USDT"]');
    await expect(usdtApart).toHaveAttribute('data-total', USDT_1500, { timeout: 60_000 });
    await expect(apart.getByTestId('not-registered')).toHaveText('미등록');
    await expect(usdtApart.getByTestId('unregistered-total')).toHaveText('1,500');
    await expect(page.locator('[data-testid="holding-row"][data-token-id="ETHEREUM.USDC"]')).toBeVisible();
    await expect(page.locator('[data-testid="holding-row"][data-token-id="ETHEREUM.USDT"]')).toHaveCount(0);
    await expect(page.getByTestId('allocation-card')).not.toHaveAttribute('data-token-id', 'ETHEREUM.USDT');
    await snap(page, 'holdings-unregistered-ko');

    await openWallet(page, 'Ethereum Reserve');
    const walletApart = page.locator('[data-testid="wallet-unregistered-balance"][data-token-id="ETHEREUM.USDT"]');
    await expect(walletApart).toHaveAttribute('data-total', USDT_1500);
    await expect(page.locator('[data-testid="wallet-balance"][data-token-id="ETHEREUM.USDT"]')).toHaveCount(0);
    await snap(page, 'wallet-unregistered-ko');

    await page.goto('/dashboard/assets');
    await usdtApart.getByTestId('add-held-token').click();
    const usdt = page.locator('[data-testid="holding-row"][data-token-id="ETHEREUM.USDT"]');
    await expect(usdt).toHaveAttribute('data-total', USDT_1500);
    await expect(usdt.getByTestId('holding-total')).toHaveText('1,500');
    await expect(apart).toBeHidden();
    await snap(page, 'holdings-unregistered-added-ko');

    // Registered now: the add-token dialog no longer offers it.
    await page.goto('/dashboard/tokens');
    await expect(page.locator('[data-testid="token-row"][data-token-id="ETHEREUM.USDT"]')).toBeVisible();
    await page.getByTestId('add-token').click();
    await choose(page, 'add-token-network', 'Ethereum');
    const offered = await offeredTokens(page);
    expect(offered).not.toContain('USDT · Tether USD');
    expect(offered).toContain('DAI · Dai Stablecoin');
    await snap(page, 'tokens-add-after-usdt-ko');
  });

  test('a deposit sent with the devnet command shows a notice and the new balance without a reload', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, request);
    await page.goto('/dashboard/assets');
    await expect(page.getByTestId('holding-row').first()).toBeVisible();
    await expect(page.getByTestId('allocation-row').first()).toBeVisible();
    await snap(page, 'assets-overview-ko');

    await openWallet(page, 'Sepolia Treasury');
    const address = (await page.getByTestId('wallet-full-address').textContent())?.trim() ?? '';
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const card = page.locator(`[data-testid="wallet-balance"][data-token-id="${SEPOLIA_ETH}"]`);
    // The seeded deposits (2.5 ETH, and 0.75 ETH that fails) settle within a few blocks.
    await expect(card).toHaveAttribute('data-total', String((25n * WEI) / 10n), { timeout: 60_000 });
    const before = BigInt((await card.getAttribute('data-total')) ?? '0');

    const { stdout } = await run(
      'npm',
      [
        'run',
        '--silent',
        'devnet',
        '--',
        'deposit',
        '--to',
        address,
        '--amount',
        '1.5',
        '--url',
        `http://127.0.0.1:${PORT}`,
      ],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: join(ROOT, 'test-results', `e2e-data-${PORT}`) } },
    );
    expect(stdout).toMatch(/0x[0-9a-f]{64}/);

    const notice = page.getByTestId('notice').first();
    await expect(notice.getByTestId('notice-text')).toContainText('Sepolia Treasury에 1.5 ETH', { timeout: 30_000 });
    await snap(page, 'deposit-notice-ko');
    await expect(notice.getByTestId('notice-text')).toContainText('입금 완료', { timeout: 60_000 });
    await expect(card).toHaveAttribute('data-total', String(before + (15n * WEI) / 10n));
    await snap(page, 'deposit-confirmed-ko');
    await page.getByTestId('notice-dismiss-all').click();
    await expect(page.getByTestId('notice')).toHaveCount(0);
    await expect(card.getByTestId('wallet-balance-total')).toHaveText('4');

    await page.getByTestId('wallet-tab-activity').click();
    const latest = page.getByTestId('wallet-activity-table').getByTestId('activity-row').first();
    await expect(latest).toHaveAttribute('data-status', 'CONFIRMED');
    await expect(latest.getByTestId('activity-amount')).toHaveText('+1.5 ETH');
    await latest.click();
    await expect(page.getByTestId('activity-detail-confirmations')).toBeVisible();
    await snap(page, 'wallet-activity-detail-ko');
  });

  test('exports the last seven days of activity as a CSV file', async ({ page, request }) => {
    test.setTimeout(90_000);
    await signIn(page, request);
    await page.goto('/dashboard/assets?tab=activity');
    // The screen's code and its first page arrive together; on a loaded CI machine that took over 5 s once.
    await expect(page.getByTestId('activity-row').first()).toBeVisible({ timeout: 15_000 });
    await snap(page, 'activity-list-ko');
    await page.getByTestId('export-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('export-submit').click();
    const link = dialog.getByTestId('export-download');
    await expect(link).toBeVisible({ timeout: 60_000 });
    await snap(page, 'export-ready-ko');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = readFileSync((await download.path()) ?? '', 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toMatch(/^# Timezone: Asia\/Seoul/);
    expect(lines[1]).toBe('Date (Asia/Seoul),Wallet,Blockchain,Token,Type,Status,Amount,Tx hash,From,To,Confirmations');
    const rows = lines.slice(2).filter((line) => !line.startsWith('Total'));
    expect(rows.some((row) => row.includes(',Sepolia Treasury,SEPOLIA,ETH,DEPOSIT,CONFIRMED,2.5,'))).toBe(true);
    expect(rows.some((row) => row.includes(',Sepolia Treasury,SEPOLIA,ETH,DEPOSIT,FAILED,0.75,'))).toBe(true);
    expect(rows.some((row) => row.includes(',Ethereum Reserve,ETHEREUM,USDT,DEPOSIT,CONFIRMED,1500,'))).toBe(true);
  });
});
