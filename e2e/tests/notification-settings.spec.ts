import { expect, test } from '@playwright/test';
import { signIn, snap } from './auth.helpers';

/** Account settings: which notifications reach the owner in the app and by email, kept across visits. */
test('the owner chooses deposit mails and no in-app completions, and the choice is kept', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, request);
  await page.goto('/dashboard/operation/account');
  const settings = page.getByTestId('notification-settings');
  await expect(settings).toBeVisible();
  const deposit = settings.locator('[data-testid=notification-setting][data-kind=DEPOSIT_RECEIVED]');
  const completed = settings.locator('[data-testid=notification-setting][data-kind=REQUEST_COMPLETED]');
  // The defaults: deposits in the app only, completions in the app only.
  await expect(deposit.getByTestId('notification-inApp')).toBeChecked();
  await expect(deposit.getByTestId('notification-email')).not.toBeChecked();
  await deposit.getByTestId('notification-email').check();
  await completed.getByTestId('notification-inApp').uncheck();
  await settings.getByTestId('notification-settings-save').click();
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: '알림 설정을 저장했습니다.' }),
  ).toBeVisible();
  await settings.scrollIntoViewIfNeeded();
  await snap(page, 'notification-settings-ko');
  await page.reload();
  await expect(deposit.getByTestId('notification-email')).toBeChecked();
  await expect(completed.getByTestId('notification-inApp')).not.toBeChecked();
  // Back as it was, for the journeys after this one.
  await deposit.getByTestId('notification-email').uncheck();
  await completed.getByTestId('notification-inApp').check();
  await settings.getByTestId('notification-settings-save').click();
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: '알림 설정을 저장했습니다.' }),
  ).toBeVisible();
});
