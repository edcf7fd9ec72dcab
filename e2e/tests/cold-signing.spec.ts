import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { type Account, snap } from './auth.helpers';
import { coldJourneyPeople, coldSigner, decide } from './cold-signing.helpers';
import { csrfHeaders, settle } from './wallets.helpers';
import { registerPersonalEntry, requestWithdrawal } from './withdrawals.helpers';

/** One cold wallet of the journey: its network, how the pickers name it and its coin, what is withdrawn. */
interface ColdCase {
  blockchain: 'SEPOLIA' | 'BITCOIN_TESTNET';
  network: RegExp;
  token: RegExp;
  symbol: string;
  fund: string;
  amount: string;
  /** The amount as the signing screen shows it. */
  shown: string;
}

const SEPOLIA: ColdCase = {
  blockchain: 'SEPOLIA',
  network: /Sepolia$/,
  token: /^ETH ·/,
  symbol: 'ETH',
  fund: '1',
  amount: '0.25',
  shown: '0.25 ETH',
};
const BITCOIN: ColdCase = {
  blockchain: 'BITCOIN_TESTNET',
  network: /테스트넷 Bitcoin$/,
  token: /^BTC ·/,
  symbol: 'BTC',
  fund: '0.5',
  amount: '0.125',
  shown: '0.125 BTC',
};
/** A Bitcoin testnet address of nobody's wallet (BIP 173's example key). */
const BTC_DESTINATION = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';

/**
 * Withdrawals from cold wallets (an EVM one on Sepolia, a bitcoin-type one on Bitcoin testnet), on the devnet. The air-gapped signer (`npm run cold-signer`, a process of its own
 * with a seed no other part ever sees) exports its account key as QR images; operator A proposes the cold wallet by
 * uploading them, operator B approves. The owner withdraws from it; the engine builds the transaction and stops at
 * signing. The signing operator opens the queue, the animated QR code on screen is photographed frame by frame and
 * read by the signer, whose answer comes back as images through the page; the transaction then confirms on the
 * devnet.
 */

/**
 * Photographs the animated QR code until every one of its frames was seen once, as the signer's camera would: one
 * PNG per distinct frame, in the order shown.
 */
async function photographFrames(qr: Locator, dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const seen = new Set<string>();
  const files: string[] = [];
  const total = Number(
    (await qr.textContent())
      ?.match(/\/\s*(\d+)|of (\d+)/)
      ?.slice(1)
      .find(Boolean) ?? '0',
  );
  expect(total).toBeGreaterThan(0);
  const deadline = Date.now() + 60_000;
  while (seen.size < total && Date.now() < deadline) {
    const part = (await qr.getAttribute('data-part')) ?? '';
    if (part && !seen.has(part)) {
      const file = join(dir, `frame-${String(files.length + 1).padStart(3, '0')}.png`);
      writeFileSync(file, await qr.locator('svg').screenshot());
      // The frame may have moved on while the picture was taken: kept only if it still shows the same part.
      if ((await qr.getAttribute('data-part')) === part) {
        seen.add(part);
        files.push(file);
      }
    }
    await qr.page().waitForTimeout(60);
  }
  expect(seen.size).toBe(total);
  return files;
}

/** The air-gapped signer's seed and its account key of `c.blockchain` as QR images. */
function signerWithAccount(work: string, c: ColdCase) {
  const dir = join(work, c.blockchain);
  mkdirSync(join(dir, 'account'), { recursive: true });
  mkdirSync(join(dir, 'answer'), { recursive: true });
  const seedFile = join(dir, 'seed.txt');
  coldSigner(['new', '--seed', seedFile]);
  const images = coldSigner([
    ...['export', '--seed', seedFile, '--blockchain', c.blockchain, '--account', '0'],
    ...['--frames-out', join(dir, 'account')],
  ]);
  expect(images.length).toBeGreaterThan(0);
  return { dir, seedFile, images };
}

/** Operator A proposes the cold wallet with the key's images; B approves it. Its address. */
async function importCold(a: Page, b: Page, operatorB: Account, c: ColdCase, walletName: string, images: string[]) {
  await a.goto('/dashboard/operation/organization');
  await a.locator('[data-testid=organization-row][data-name="Vaultline Demo"]').click();
  await a.getByTestId('organization-drawer').getByTestId('propose-cold-wallet').click();
  const dialog = a.getByTestId('cold-wallet-dialog').getByRole('dialog');
  await dialog.getByTestId('cold-wallet-name').fill(walletName);
  if (c === SEPOLIA) {
    // An EOS-type network's address is an account name: choosing one asks for the account the key controls.
    await dialog.getByTestId('cold-wallet-network').click();
    await a.getByRole('option', { name: 'BizAuto' }).first().click();
    await expect(dialog.getByTestId('cold-wallet-account-name')).toBeVisible();
  }
  await dialog.getByTestId('cold-wallet-network').click();
  await a.getByRole('option', { name: c.network }).first().click();
  await expect(dialog.getByTestId('cold-wallet-account-name')).toHaveCount(0);
  await dialog.getByTestId('cold-wallet-codes').locator('input[type=file]').setInputFiles(images);
  await expect(dialog.getByTestId('cold-wallet-codes-count')).toBeVisible();
  if (c === SEPOLIA) await snap(a, 'cold-wallet-proposal-ko');
  await dialog.getByTestId('cold-wallet-submit').click();
  await expect(dialog).toBeHidden();
  await a.keyboard.press('Escape');
  const payload = await decide(b, 'COLD_WALLET_IMPORT', operatorB);
  const address = payload.match(c === SEPOLIA ? /0x[0-9a-fA-F]{40}/ : /tb1[0-9a-z]{20,}/)?.[0];
  expect(address).toBeTruthy();
  return address!;
}

/** The signing operator opens the transaction, photographs its code, has it signed and hands the answer back. */
async function signInQueue(
  s: Page,
  c: ColdCase,
  walletName: string,
  destination: string,
  signer: { dir: string; seedFile: string },
) {
  await s.goto('/dashboard/operation/organization');
  // The header counts what waits for a signature, live, and leads to the queue.
  await s.getByTestId('signing-header').click({ timeout: 30_000 });
  await expect(s).toHaveURL(/tab=signing/);
  await expect(s.getByTestId('signing-waiting')).toBeVisible({ timeout: 30_000 });
  const row = s.getByTestId('signing-row').filter({ hasText: walletName });
  await expect(row).toBeVisible({ timeout: 30_000 });
  if (c === SEPOLIA) {
    await settle(s);
    await snap(s, 'signing-queue-ko');
  }
  await row.getByTestId('signing-open').click();
  const dialog = s.getByTestId('sign-request-dialog').getByRole('dialog');
  await expect(dialog.getByTestId('sign-request-facts')).toContainText(destination, { ignoreCase: true });
  await expect(dialog.getByTestId('sign-request-facts')).toContainText(c.shown);
  if (c === SEPOLIA) await snap(s, 'sign-request-ko');
  // The signer reads the animated code from pictures of the screen and answers with its own images.
  const frames = await photographFrames(dialog.getByTestId('sign-request-qr'), join(signer.dir, 'request'));
  const answer = coldSigner(['sign', '--seed', signer.seedFile, '--frames-out', join(signer.dir, 'answer'), ...frames]);
  await dialog.getByTestId('signature-codes').locator('input[type=file]').setInputFiles(answer);
  await expect(dialog.getByTestId('signature-codes-count')).toBeVisible();
  if (c === SEPOLIA) await snap(s, 'sign-request-answered-ko');
  await dialog.getByTestId('signature-submit').click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(s.getByTestId('signing-row').filter({ hasText: walletName })).toHaveCount(0, { timeout: 15_000 });
}

/** The request as its member sees it, until it ends: the transaction confirmed on the devnet. */
async function expectComplete(page: Page, requestId: string) {
  await expect
    .poll(
      async () => {
        const answer = await page.request.post(`/api/v1/organizations/requests/${requestId}`, {
          headers: await csrfHeaders(page),
          data: {},
        });
        return answer.ok() ? ((await answer.json()) as { status: string }).status : `HTTP ${answer.status()}`;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe('COMPLETE');
}

test.describe('cold signing', () => {
  test('operators import cold wallets; their withdrawals are signed on the air-gapped signer through QR codes', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(900_000);
    const { operatorB, a, b, s } = await coldJourneyPeople(browser, page, request);
    const stamp = Date.now().toString(36).slice(-4);
    const work = test.info().outputPath('cold-signer');

    for (const c of [SEPOLIA, BITCOIN]) {
      // The air-gapped signer's account key comes in as images; two operators make the cold wallet.
      const signer = signerWithAccount(work, c);
      const walletName = `Cold ${c.symbol} ${stamp}`;
      const address = await importCold(a, b, operatorB, c, walletName, signer.images);

      // The devnet funds it (the provider's devnet door); the owner withdraws to a registered entry.
      const funded = await a.request.post('/api/v1/operations/devnet/deposits', {
        headers: await csrfHeaders(a),
        data: { blockchain: c.blockchain, toAddress: address, amount: c.fund },
      });
      expect(funded.status(), await funded.text()).toBe(200);
      const entryName = `콜드 출금 ${c.symbol} ${stamp}`;
      const { address: destination } = await registerPersonalEntry(
        page,
        entryName,
        c === SEPOLIA ? {} : { tokenId: 'BITCOIN_TESTNET.BTC', address: BTC_DESTINATION },
      );
      await page.goto('/dashboard/wallets');
      const walletRow = page.getByTestId('wallet-row').filter({ hasText: walletName }).first();
      await expect(walletRow.getByTestId('cold-badge')).toBeVisible();
      await walletRow.click();
      const card = page.locator(`[data-testid="wallet-balance"][data-token-id="${c.blockchain}.${c.symbol}"]`);
      await expect(card).toHaveAttribute('data-total', /^[1-9][0-9]{6,}$/, { timeout: 60_000 });
      const detail = await requestWithdrawal(page, {
        wallet: new RegExp(`^${walletName}`),
        token: c.token,
        destination: new RegExp(`^${entryName}`),
        amount: c.amount,
        symbol: c.symbol,
      });
      const requestId = (await detail.getAttribute('data-request-id')) ?? '';
      expect(requestId).not.toBe('');

      await signInQueue(s, c, walletName, destination, signer);
      await expectComplete(page, requestId);
    }
  });
});
