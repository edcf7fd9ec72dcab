// What the cold-signing journeys share: the air-gapped signer's command line, operators' pages, and the
// maker-checker decision from the workflows tab.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { type Account, credentials, enterOtp, signIn } from './auth.helpers';
import { dismissNotices } from './withdrawals.helpers';

export const CONSOLE = /\/dashboard\/operation\/organization/;
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The cold signer's command line, as an operator runs it on the air-gapped machine; its standard output lines. */
export function coldSigner(args: string[]): string[] {
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(root, 'apps/cold-signer/src/main.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  return out.split('\n').filter((line) => line.trim().length > 0);
}

export async function openPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await dismissNotices(page);
  return page;
}

/**
 * Approves the newest open workflow of `type` from the workflows tab, with a memo and the decider's code; what it
 * proposed. Shared by every operator journey (organization, cold signing, cold policy).
 */
export async function decide(page: Page, type: string, operator: Account, memo = 'Address checked on the signer') {
  await page.goto('/dashboard/operation/organization?tab=workflows');
  const row = page.locator(`[data-testid=workflow-row][data-type=${type}]`).first();
  await expect(row.getByTestId('workflow-approve')).toBeVisible();
  const payload = (await row.getByTestId('workflow-payload').textContent()) ?? '';
  await row.getByTestId('workflow-approve').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('decision-memo').fill(memo);
  await enterOtp(page, operator.otpSecret, () => dialog.getByTestId('decision-confirm').click(), {
    scope: dialog,
    account: operator.email,
  });
  await expect(dialog).toBeHidden();
  return payload;
}

/**
 * The journey's people, signed in on pages of their own: operator A (proposes), B (approves), the signing operator
 * S, and the demo owner on `page`.
 */
export async function coldJourneyPeople(browser: Browser, page: Page, request: APIRequestContext) {
  const demo = await credentials(request);
  const [operatorA, operatorB, signerOperator] = demo.operators;
  if (!operatorA || !operatorB || !signerOperator) throw new Error('the demo has three operators');
  const signedIn = async (account: Account) => {
    const p = await openPage(browser);
    await signIn(p, request, '', { account, landing: CONSOLE });
    return p;
  };
  const a = await signedIn(operatorA);
  const b = await signedIn(operatorB);
  const s = await signedIn(signerOperator);
  await dismissNotices(page);
  await signIn(page, request);
  return { demo, operatorB, a, b, s };
}
