import { expect, test } from '@playwright/test';

/** The interactive API docs work under the application's own CSP (no looser policy of their own). */
test('the API docs render under the application CSP without a refused script or style', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // The interactive docs parse the whole document (about 1.6 MB, every call's error codes) before they draw.
  await expect(page.getByText('Vaultline API').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.opblock').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('api-docs.png') });
  expect(refused).toEqual([]);
});
