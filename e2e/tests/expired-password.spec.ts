import { expect, type Page, test } from '@playwright/test';
import { fillCredentials, followMailLink, freshCode, mailIds, newMail, snap } from './auth.helpers';

interface Account {
  email: string;
  password: string;
  otpSecret: string;
}

/** The stepper's steps all sit on the same row (none wrapped below another). */
async function expectStepsOnOneRow(page: Page) {
  const steps = page.locator('.mantine-Stepper-step');
  await expect(steps).toHaveCount(3);
  const tops = await steps.evaluateAll((all) => all.map((step) => Math.round(step.getBoundingClientRect().top)));
  expect(new Set(tops).size, `step tops ${tops.join(', ')}`).toBe(1);
}

test('an expired password is changed in three steps: new password, code, done', async ({ page, request }) => {
  test.setTimeout(150_000);
  const demo = (await (await request.get('/dev/demo-credentials')).json()) as { expiredPasswordMember: Account };
  const account = demo.expiredPasswordMember;

  await page.goto('/account/login');
  await fillCredentials(page, account.email, account.password);
  await expect(page).toHaveURL(/\/account\/expired-password$/);
  await expect(page.getByTestId('expired-password')).toContainText(account.email);
  // At 1280 px the three steps share one row, in both languages.
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const label of ['English', '한국어'] as const) {
    await page.getByTestId('language-switch').getByText(label).click();
    await expectStepsOnOneRow(page);
  }
  await snap(page, 'expired-step1-ko');

  const fresh = 'Renewed-pass-2026!';
  const fields = page.locator('input[autocomplete="new-password"]');
  await fields.nth(0).fill(fresh);
  await fields.nth(1).fill(fresh);
  await page.getByRole('button', { name: '다음' }).click();
  await expect(page.getByText('변경을 확인하려면 인증 앱의 6자리 코드를 입력하세요.')).toBeVisible();
  await snap(page, 'expired-step2-ko');
  await page.getByTestId('otp-input').fill(await freshCode(account.otpSecret, '', account.email));
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect(page.getByText('비밀번호가 변경되었습니다')).toBeVisible();
  await snap(page, 'expired-step3-ko');

  // The new password opens the usual sign-in: a first sign-in from this address verifies it by email.
  await page.goto('/account/login');
  const before = await mailIds(request, account.email);
  await fillCredentials(page, account.email, fresh);
  await expect(page.getByTestId('ip-notice')).toBeVisible();
  const mail = await newMail(request, account.email, 'mode=verify-ip', before);
  await followMailLink(page, mail, 'mode=verify-ip');
  await expect(page.getByTestId('verify-ip-success')).toBeVisible();
  await page.goto('/account/login');
  await fillCredentials(page, account.email, fresh);
  await expect(page.getByTestId('login-otp-step')).toBeVisible();
  await page.getByTestId('otp-input').fill(await freshCode(account.otpSecret, '', account.email));
  await page.waitForURL(/\/dashboard\/assets/);
});
