import { expect, type Locator, type Page, test } from '@playwright/test';
import { codeOutcome, credentials, freshCode, markStepsUsed, snap, stateKey } from './auth.helpers';

/**
 * The keyboard-only journey: the demo owner signs in, asks for a wallet and approves the request with nothing but
 * the keyboard (Tab, Shift+Tab, Enter, arrows and typing; no click). Every control the focus passes on the way
 * shows a visible focus indicator.
 */

/**
 * Why the focused element would not be visibly focused, or null when it is (or the focus is on the page itself): a
 * focus ring (outline or shadow) on it, or on the label of a visually hidden control; a field shows its focus by
 * its border (or its wrapper's, for a password field) turning the primary colour, after a short transition.
 */
async function focusProblem(page: Page): Promise<string | null> {
  const check = (settled: boolean) =>
    page.evaluate((settled) => {
      const focused = document.activeElement;
      if (!focused || focused === document.body || focused === document.documentElement) return null;
      const describe = (el: Element) =>
        `${el.tagName.toLowerCase()}[${el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}]`;
      const ring = (el: Element) => {
        const style = getComputedStyle(el);
        if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1) return true;
        return Boolean(style.boxShadow && style.boxShadow !== 'none');
      };
      if (ring(focused)) return null;
      if (focused.matches('input, textarea')) {
        const probe = document.createElement('span');
        probe.style.color = 'var(--mantine-primary-color-filled)';
        document.body.append(probe);
        const primary = getComputedStyle(probe).color;
        probe.remove();
        let el: Element | null = focused;
        for (let level = 0; el && level < 3; level++, el = el.parentElement) {
          if (getComputedStyle(el).borderTopColor === primary) return null;
        }
        if (!settled) return 'pending';
      }
      // A visually hidden control (a radio of a segmented control) shows its focus on its label or wrapper.
      const rect = focused.getBoundingClientRect();
      if (rect.width <= 2 || rect.height <= 2) {
        for (let el = focused.parentElement; el && el !== document.body; el = el.parentElement) {
          if (ring(el)) return null;
        }
      }
      return `no visible focus indicator on ${describe(focused)}`;
    }, settled);
  const first = await check(false);
  if (first !== 'pending') return first;
  await page.waitForTimeout(250); // the border's transition
  return check(true);
}

async function isFocused(target: Locator): Promise<boolean> {
  if ((await target.count()) === 0) return false;
  return target
    .first()
    .evaluate((el) => el === document.activeElement || el.contains(document.activeElement), undefined, {
      timeout: 1_000,
    })
    .catch(() => false);
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, checking that every element the focus lands on
 * shows it.
 */
async function tabTo(page: Page, target: Locator, what: string, { back = false, max = 80 } = {}) {
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    expect.soft(await focusProblem(page), `focus visible on the way to ${what}`).toBeNull();
  }
  throw new Error(`${what} was not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/**
 * Types a fresh code into the focused OTP field and waits for `done`; a code refused as already used (a step an
 * earlier journey took) is replaced, by keyboard, with the next step's code.
 */
async function typeOtp(
  page: Page,
  field: Locator,
  secret: string,
  submit: () => Promise<void>,
  done: () => Promise<unknown>,
) {
  await tabTo(page, field, 'the one-time code field');
  await page.keyboard.type(await freshCode(secret));
  await submit();
  if ((await codeOutcome(page, done)) === 'done') return;
  markStepsUsed(stateKey(''));
  await tabTo(page, field, 'the one-time code field', { back: true });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(await freshCode(secret));
  await submit();
  await done();
}

test('keyboard only: sign in, ask for a wallet and approve the request without a mouse', async ({ page, request }) => {
  test.setTimeout(180_000);
  const owner = await credentials(request);
  const name = `키보드 지갑 ${Date.now().toString(36).slice(-4)}`;

  // Sign in: email, password, Enter; then the one-time code (the field has the focus and sends itself at 6 digits).
  await page.goto('/account/login');
  await expect(page.getByRole('heading', { level: 1, name: '로그인' })).toBeVisible();
  await tabTo(page, page.getByRole('textbox', { name: /^이메일/ }), 'the email field');
  await page.keyboard.type(owner.email);
  await tabTo(page, page.locator('input[autocomplete="current-password"]'), 'the password field');
  await page.keyboard.type(owner.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('login-otp-step')).toBeVisible();
  await typeOtp(
    page,
    page.getByTestId('otp-input'),
    owner.otpSecret,
    async () => undefined,
    () => page.waitForURL(/\/dashboard\/assets/),
  );
  await expect(page.getByTestId('account-menu')).toBeVisible();

  // To the wallets page through the menu, and the request dialog.
  await tabTo(
    page,
    page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '지갑', exact: true }),
    'the wallets menu item',
  );
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/wallets/);
  await expect(page.getByTestId('wallet-list')).toBeVisible();
  await tabTo(page, page.getByTestId('create-wallet'), 'the create-wallet button');
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('create-wallet-dialog').getByRole('dialog');
  await expect(dialog).toBeVisible();

  // The network: typed into the searchable list, the option chosen with the arrow and Enter.
  const network = dialog.getByTestId('create-wallet-network');
  await tabTo(page, network, 'the network field');
  await page.keyboard.type('Sepolia');
  await expect(page.getByRole('option', { name: '테스트넷 Sepolia', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(network).toHaveValue('테스트넷 Sepolia');
  await tabTo(page, dialog.getByTestId('create-wallet-name'), 'the wallet name field');
  await page.keyboard.type(name);
  await expect(dialog.getByTestId('create-wallet-line-step').first()).toBeVisible();
  await snap(page, 'keyboard-create-wallet-ko');
  await tabTo(page, dialog.getByTestId('create-wallet-submit'), 'the send button');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // The notice's link to the request: reached with Tab (it sits after the page, in the notifications' layer).
  await expect(page.getByTestId('wallet-request-sent')).toBeVisible();
  await tabTo(page, page.getByTestId('wallet-request-link'), 'the link to the request', { max: 150 });
  await page.keyboard.press('Enter');
  const detail = page.getByTestId('request-detail');
  await expect(detail.getByTestId('request-title')).toHaveText(name);

  // Approve: the memo, the approve button, then the code in the confirmation dialog and its approve button.
  await tabTo(page, detail.getByTestId('decision-memo'), 'the memo field');
  await page.keyboard.type('키보드로 승인');
  await tabTo(page, detail.getByTestId('request-approve'), 'the approve button');
  await page.keyboard.press('Enter');
  const confirm = page.getByTestId('decision-otp-dialog').getByRole('dialog');
  await expect(confirm).toBeVisible();
  await snap(page, 'keyboard-approve-otp-ko');
  await typeOtp(
    page,
    confirm.getByTestId('otp-input'),
    owner.otpSecret,
    async () => {
      await tabTo(page, confirm.getByRole('button', { name: '승인', exact: true }), 'the confirm button');
      await page.keyboard.press('Enter');
    },
    () => expect(detail.getByTestId('request-approve')).toHaveCount(0, { timeout: 15_000 }),
  );
  await expect(detail.getByTestId('request-complete')).toBeVisible({ timeout: 20_000 });
  await snap(page, 'keyboard-request-complete-ko');
});
