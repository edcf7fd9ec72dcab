import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { type Account, credentials, enterOtp, signIn, snap } from './auth.helpers';
import { csrfHeaders, settle } from './wallets.helpers';
import { dismissNotices, registerPersonalEntry, requestWithdrawal } from './withdrawals.helpers';

/**
 * A withdrawal from a cold wallet, on the devnet. The air-gapped signer (`npm run cold-signer`, a process of its own
 * with a seed no other part ever sees) exports its account key as QR images; operator A proposes the cold wallet by
 * uploading them, operator B approves. The owner withdraws from it; the engine builds the transaction and stops at
 * signing. The signing operator opens the queue, the animated QR code on screen is photographed frame by frame and
 * read by the signer, whose answer comes back as images through the page; the transaction then confirms on the
 * devnet.
 */

const CONSOLE = /\/dashboard\/operation\/organization/;
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The cold signer's command line, as an operator runs it on the air-gapped machine; its standard output lines. */
function coldSigner(args: string[]): string[] {
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(root, 'apps/cold-signer/src/main.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  return out.split('\n').filter((line) => line.trim().length > 0);
}

async function open(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await dismissNotices(page);
  return page;
}

/** Approves the newest open workflow of `type` from the workflows tab, with the decider's code. */
async function decide(page: Page, type: string, operator: Account) {
  await page.goto('/dashboard/operation/organization?tab=workflows');
  const row = page.locator(`[data-testid=workflow-row][data-type=${type}]`).first();
  await expect(row.getByTestId('workflow-approve')).toBeVisible();
  const payload = (await row.getByTestId('workflow-payload').textContent()) ?? '';
  await row.getByTestId('workflow-approve').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('decision-memo').fill('Address checked on the signer');
  await enterOtp(page, operator.otpSecret, () => dialog.getByTestId('decision-confirm').click(), {
    scope: dialog,
    account: operator.email,
  });
  await expect(dialog).toBeHidden();
  return payload;
}

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

test.describe('cold signing', () => {
  test('operators import a cold wallet; its withdrawal is signed on the air-gapped signer through QR codes', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(600_000);
    const demo = await credentials(request);
    const [operatorA, operatorB, signerOperator] = demo.operators;
    if (!operatorA || !operatorB || !signerOperator) throw new Error('the demo has three operators');
    const stamp = Date.now().toString(36);
    const work = test.info().outputPath('cold-signer');
    mkdirSync(join(work, 'account'), { recursive: true });
    mkdirSync(join(work, 'answer'), { recursive: true });
    const seedFile = join(work, 'seed.txt');

    // The air-gapped signer makes its seed and shows its Sepolia account key as QR images.
    coldSigner(['new', '--seed', seedFile]);
    const accountImages = coldSigner([
      ...['export', '--seed', seedFile, '--blockchain', 'SEPOLIA', '--account', '0'],
      ...['--frames-out', join(work, 'account')],
    ]);
    expect(accountImages.length).toBeGreaterThan(0);

    // Operator A proposes the cold wallet for the demo organization, uploading the key's images.
    const walletName = `Cold Vault ${stamp.slice(-4)}`;
    const a = await open(browser);
    await signIn(a, request, '', { account: operatorA, landing: CONSOLE });
    await a.locator('[data-testid=organization-row][data-name="Vaultline Demo"]').click();
    const drawer = a.getByTestId('organization-drawer');
    await drawer.getByTestId('propose-cold-wallet').click();
    const dialog = a.getByTestId('cold-wallet-dialog').getByRole('dialog');
    await dialog.getByTestId('cold-wallet-name').fill(walletName);
    await dialog.getByTestId('cold-wallet-network').click();
    await a
      .getByRole('option', { name: /Sepolia$/ })
      .first()
      .click();
    await dialog.getByTestId('cold-wallet-codes').locator('input[type=file]').setInputFiles(accountImages);
    await expect(dialog.getByTestId('cold-wallet-codes-count')).toBeVisible();
    await snap(a, 'cold-wallet-proposal-ko');
    await dialog.getByTestId('cold-wallet-submit').click();
    await expect(dialog).toBeHidden();

    // Operator B approves it, comparing the derived address; the wallet exists with that address.
    const b = await open(browser);
    await signIn(b, request, '', { account: operatorB, landing: CONSOLE });
    const payload = await decide(b, 'COLD_WALLET_IMPORT', operatorB);
    const address = payload.match(/0x[0-9a-fA-F]{40}/)?.[0];
    expect(address).toBeTruthy();

    // The devnet funds it (the provider's devnet door), then the owner withdraws 0.25 ETH to a registered entry.
    const funded = await a.request.post('/api/v1/operations/devnet/deposits', {
      headers: await csrfHeaders(a),
      data: { blockchain: 'SEPOLIA', toAddress: address, amount: '1' },
    });
    expect(funded.status(), await funded.text()).toBe(200);
    await dismissNotices(page);
    await signIn(page, request);
    const entry = await registerPersonalEntry(page, `콜드 출금 ${stamp.slice(-4)}`);
    await page.goto('/dashboard/wallets');
    await page.getByTestId('wallet-row').filter({ hasText: walletName }).first().click();
    const card = page.locator('[data-testid="wallet-balance"][data-token-id="SEPOLIA.ETH"]');
    await expect(card).toHaveAttribute('data-total', /^[1-9][0-9]{17,}$/, { timeout: 60_000 });
    const detail = await requestWithdrawal(page, {
      wallet: new RegExp(`^${walletName}`),
      token: /^ETH ·/,
      destination: new RegExp(`^콜드 출금 ${stamp.slice(-4)}`),
      amount: '0.25',
    });
    const requestId = (await detail.getAttribute('data-request-id')) ?? '';
    expect(requestId).not.toBe('');

    // The signing operator sees it waiting, counted on the queue's tab.
    const s = await open(browser);
    await signIn(s, request, '', { account: signerOperator, landing: CONSOLE });
    await s.goto('/dashboard/operation/organization?tab=signing');
    await expect(s.getByTestId('signing-waiting')).toBeVisible({ timeout: 30_000 });
    const row = s.getByTestId('signing-row').filter({ hasText: walletName });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await settle(s);
    await snap(s, 'signing-queue-ko');
    await row.getByTestId('signing-open').click();
    const signDialog = s.getByTestId('sign-request-dialog').getByRole('dialog');
    await expect(signDialog.getByTestId('sign-request-facts')).toContainText(entry.address, { ignoreCase: true });
    await expect(signDialog.getByTestId('sign-request-facts')).toContainText('0.25 ETH');
    await snap(s, 'sign-request-ko');

    // The signer reads the animated code from pictures of the screen and answers with its own images.
    const frames = await photographFrames(signDialog.getByTestId('sign-request-qr'), join(work, 'request'));
    const answerImages = coldSigner(['sign', '--seed', seedFile, '--frames-out', join(work, 'answer'), ...frames]);
    await signDialog.getByTestId('signature-codes').locator('input[type=file]').setInputFiles(answerImages);
    await expect(signDialog.getByTestId('signature-codes-count')).toBeVisible();
    await snap(s, 'sign-request-answered-ko');
    await signDialog.getByTestId('signature-submit').click();
    await expect(signDialog).toBeHidden({ timeout: 15_000 });
    await expect(s.getByTestId('signing-row').filter({ hasText: walletName })).toHaveCount(0, { timeout: 15_000 });

    // The transaction confirms on the devnet: the request completes and the receiver holds the amount.
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
  });
});
