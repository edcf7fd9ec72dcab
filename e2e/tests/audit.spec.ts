import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { credentials, signIn, snap } from './auth.helpers';
import { setLanguage } from './wallets.helpers';

/**
 * The audit log (issue 19): the demo owner changes a group and finds it in the organization's log with the fields
 * before and after, filters by action, opens an entry and exports the log as CSV; an operator reads every
 * organization's log and the operators' own. Korean, then English.
 */

const CONSOLE = /\/dashboard\/operation\/organization/;

async function auditTab(page: Page, path: string) {
  await page.goto(`${path}?tab=audit`);
  const panel = page.getByTestId('audit-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('audit-row').first()).toBeVisible({ timeout: 15_000 });
  return panel;
}

test.describe('audit log', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the owner finds a change with its fields before and after, filters, opens and exports the log', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    // A change to find: a group made and renamed through the screens' own calls.
    const stamp = Date.now().toString(36);
    await page.goto('/dashboard/operation/organization?tab=groups');
    await page.getByTestId('group-create-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('group-name').fill(`Audit ${stamp}`);
    await dialog.getByTestId('group-submit').click();
    await expect(dialog).toHaveCount(0);

    const panel = await auditTab(page, '/dashboard/operation/organization');
    await expect(page.getByTestId('tab-audit')).toHaveAttribute('aria-selected', 'true');
    const created = panel.locator('[data-testid="audit-row"][data-action="GROUP_CREATED"]').first();
    await expect(created).toContainText('그룹 생성');
    await expect(created).toContainText(`Audit ${stamp}`);
    await expect(panel.locator('[data-testid="audit-row"][data-action="SIGN_IN"]').first()).toBeVisible();
    await snap(page, 'audit-owner-ko');

    // Only group changes.
    await panel.getByTestId('audit-filter-actions').click();
    await page.getByRole('option', { name: '그룹 생성', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(panel.getByTestId('audit-row').first()).toHaveAttribute('data-action', 'GROUP_CREATED');
    const actions = await panel.getByTestId('audit-row').evaluateAll((rows) => rows.map((r) => r.dataset.action));
    expect(new Set(actions)).toEqual(new Set(['GROUP_CREATED']));

    // One entry whole: who, where from, the fields before and after, its chain hash.
    await panel.getByTestId('audit-open').first().click();
    const entry = page.getByTestId('audit-entry');
    await expect(entry).toBeVisible();
    await expect(entry.getByTestId('audit-after')).toContainText(`"name": "Audit ${stamp}"`);
    await expect(entry.getByTestId('audit-hash')).toHaveText(/^[0-9a-f]{64}$/);
    await page.waitForTimeout(400); // the drawer's opening transition
    await snap(page, 'audit-entry-ko');
    await page.keyboard.press('Escape');
    await expect(entry).toHaveCount(0);

    // The CSV of what the filter shows; the export is itself in the log.
    const download = page.waitForEvent('download');
    await panel.getByTestId('audit-export').click();
    const file = await download;
    const csv = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toContain('Action');
    expect(lines.slice(1).every((line) => line.includes(',GROUP_CREATED,'))).toBe(true);
    expect(csv).toContain(`Audit ${stamp}`);

    await setLanguage(page, 'en');
    await page.reload();
    const english = await auditTab(page, '/dashboard/operation/organization');
    await expect(english.locator('[data-testid="audit-row"][data-action="AUDIT_LOG_EXPORTED"]').first()).toContainText(
      'Audit log exported',
    );
    await snap(page, 'audit-owner-en');
    await setLanguage(page, 'ko');
  });

  test("an operator reads every organization's log and the operators' own", async ({ page, request }) => {
    const demo = await credentials(request);
    const operator = demo.operators[0];
    if (!operator) throw new Error('the demo has operators');
    await signIn(page, request, '', { account: operator, landing: CONSOLE });
    const panel = await auditTab(page, '/dashboard/operation/organization');
    // The demo organization's entries (its owner's sign-ins) are there.
    await expect(panel.getByTestId('audit-row').filter({ hasText: demo.email }).first()).toBeVisible();
    await panel.getByTestId('audit-filter-organization').click();
    await page.getByRole('option', { name: '수탁사(운영자)', exact: true }).click();
    // The operator's own sign-in heads the unfiltered log too, so wait until the owner's entries are gone before
    // reading the rows: reading them at once raced the filter's answer.
    await expect(panel.getByTestId('audit-row').filter({ hasText: demo.email })).toHaveCount(0);
    await expect(panel.getByTestId('audit-row').filter({ hasText: operator.email }).first()).toBeVisible();
    await expect
      .poll(async () => (await panel.getByTestId('audit-row').allTextContents()).every((row) => row.includes('운영자')))
      .toBe(true);
    await snap(page, 'audit-operator-ko');
  });
});
