import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { credentials, enterOtp, signIn, snap } from './auth.helpers';
import { setLanguage, settle } from './wallets.helpers';

/**
 * The organization's address book against the local counterparty VASP ("Hanbit Exchange (demo)", its customers in
 * apps/api/src/travel-rule/counterparty-customers.json). The demo owner registers a self-managed wallet (registered
 * at once), an exchange account whose receiver the exchange confirms through the travel rule, and one whose name
 * does not match its customer: it fails with 5103, is verified again (and fails again), then is deleted with a
 * fresh authenticator code.
 */

const PAGE = '/dashboard/operation/organization?tab=address-book';
const EXCHANGE = 'Hanbit Exchange (demo)';
/** Customer C-1001 of the counterparty: 김철수 / Kim Chulsoo, born 1985-03-15. */
const KIM = { address: '0x4124a521bBE993F13966651bDaeaeb0264923B0b', nameKo: '김철수', nameEn: 'Kim Chulsoo' };
/** Customer C-1002 of the counterparty: 이영희 / Lee Younghee, born 1992-11-02. */
const LEE = { address: '0x82F3DfD6A277903D743CaC0b506200dd273Ba9D9', birthday: '1992-11-02' };

interface Draft {
  token: RegExp;
  address: string;
  name: string;
  vasp?: string;
  receiver: { nameKo: string; nameEn: string; birthday: string; phone?: string };
  shot: string;
}

/** Goes through the four steps of the register dialog, a screenshot at each, and registers. */
async function register(page: Page, draft: Draft) {
  await page.getByTestId('address-book-register').click();
  const dialog = page.getByRole('dialog', { name: /주소 등록|Register address/ });
  await expect(dialog.getByTestId('register-stepper')).toHaveAttribute('data-step', 'destination');
  await dialog.getByTestId('register-token').click();
  await page.getByRole('option', { name: draft.token }).click();
  await dialog.getByTestId('register-address').fill(draft.address);
  await dialog.getByTestId('register-name').fill(draft.name);
  // The server's checks, as typed: a valid address on the network, a free name.
  await expect(dialog.getByTestId('register-address-ok')).toBeVisible();
  await expect(dialog.getByTestId('register-name-ok')).toBeVisible();
  await snap(page, `${draft.shot}-1-address`);
  await dialog.getByTestId('register-next').click();

  await expect(dialog.getByTestId('register-stepper')).toHaveAttribute('data-step', 'wallet');
  if (draft.vasp) {
    await dialog.getByTestId('wallet-type-VASP').click();
    await dialog.getByTestId('register-vasp').click();
    await page.getByRole('option', { name: draft.vasp }).click();
  }
  await snap(page, `${draft.shot}-2-wallet`);
  await dialog.getByTestId('register-next').click();

  await expect(dialog.getByTestId('register-stepper')).toHaveAttribute('data-step', 'receiver');
  // An exchange holds its customer's contact details: only a self-managed entry asks address and phone.
  await expect(dialog.getByTestId('register-phone')).toHaveCount(draft.vasp ? 0 : 1);
  await dialog.getByTestId('register-nameKo').fill(draft.receiver.nameKo);
  await dialog.getByTestId('register-nameEn').fill(draft.receiver.nameEn);
  await dialog.getByTestId('register-birthday').fill(draft.receiver.birthday);
  if (draft.receiver.phone) await dialog.getByTestId('register-phone').fill(draft.receiver.phone);
  await snap(page, `${draft.shot}-3-receiver`);
  await dialog.getByTestId('register-next').click();

  await expect(dialog.getByTestId('register-review')).toBeVisible();
  await expect(dialog.getByTestId('review-address')).toContainText(draft.address);
  await snap(page, `${draft.shot}-4-review`);
  await dialog.getByTestId('register-submit').click();
  await expect(dialog).toHaveCount(0);
  // The new entry opens in its detail.
  const detail = page.getByTestId('entry-detail');
  await expect(detail.getByTestId('entry-name')).toHaveText(draft.name);
  return detail;
}

async function closeDrawer(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('entry-detail')).toHaveCount(0);
}

const state = (detail: Locator) => detail.getByTestId('entry-state');

test.describe('address book', () => {
  test('registers a self-managed and an exchange entry; a mismatched one fails, is verified again and deleted', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36).slice(-5);
    const owner = await credentials(request);
    await signIn(page, request);
    await page.goto(PAGE);
    const panel = page.getByTestId('address-book-panel');
    await expect(panel).toBeVisible();
    await expect(page.getByTestId('address-book-register')).toBeVisible();
    const rows = panel.getByTestId('address-book-row');
    // The demo may seed entries of its own: the journey counts from what is there.
    await expect(rows.first().or(panel.getByTestId('empty-state'))).toBeVisible();
    const before = await rows.count();
    await settle(page);
    await snap(page, 'address-book-0-list-ko');

    // 1. A self-managed wallet: registered at once, no travel rule.
    const personal = await register(page, {
      token: /^ETH · Ethereum/,
      address: `0x${randomBytes(20).toString('hex')}`,
      name: `개인 지갑 ${stamp}`,
      receiver: { nameKo: '홍길동', nameEn: 'Gildong Hong', birthday: '1990-01-15', phone: '+82 10-1234-5678' },
      shot: 'address-book-1-personal',
    });
    await expect(state(personal)).toHaveAttribute('data-state', 'REGISTERED');
    await expect(personal.getByTestId('entry-verifications')).toContainText('트래블룰 검증을 하지 않습니다');
    await expect(personal.getByTestId('receiver-phone')).toContainText('+82 10-1234-5678');
    await settle(page);
    await snap(page, 'address-book-1-personal-5-detail');
    await closeDrawer(page);

    // 2. An exchange account of a customer the exchange knows: verifying, then registered by the travel rule.
    const verified = await register(page, {
      token: /^ETH · Ethereum/,
      address: KIM.address,
      name: `한빛 김철수 ${stamp}`,
      vasp: EXCHANGE,
      receiver: { nameKo: KIM.nameKo, nameEn: KIM.nameEn, birthday: '1985-03-15' },
      shot: 'address-book-2-exchange',
    });
    await expect(verified.getByTestId('entry-vasp')).toHaveText(new RegExp(EXCHANGE.replace(/[()]/g, '\\$&')));
    await snap(page, 'address-book-2-exchange-5-verifying');
    await expect(state(verified)).toHaveAttribute('data-state', 'REGISTERED', { timeout: 60_000 });
    await expect(verified.getByTestId('verification-item').first()).toHaveAttribute('data-status', 'APPROVED');
    await settle(page);
    await snap(page, 'address-book-2-exchange-6-registered');
    await closeDrawer(page);

    // 3. A customer's address with a name the exchange does not have for it: rejected, 5103.
    const name = `한빛 불일치 ${stamp}`;
    const failed = await register(page, {
      token: /^ETH · Ethereum/,
      address: LEE.address,
      name,
      vasp: EXCHANGE,
      receiver: { nameKo: '이영수', nameEn: 'Lee Youngsoo', birthday: LEE.birthday },
      shot: 'address-book-3-mismatch',
    });
    await expect(state(failed)).toHaveAttribute('data-state', 'FAILED', { timeout: 60_000 });
    await expect(failed.getByTestId('entry-failure-reason')).toHaveText('이름이 일치하지 않습니다.');
    await expect(failed.getByTestId('verification-item')).toHaveCount(1);
    await expect(failed.getByTestId('verification-reason').first()).toContainText('5103');
    await settle(page);
    await snap(page, 'address-book-3-mismatch-5-failed');

    // Verified again with the data it holds: a second inquiry, rejected the same way.
    await failed.getByTestId('entry-verify').click();
    await expect(failed.getByTestId('verification-item')).toHaveCount(2, { timeout: 30_000 });
    await expect(state(failed)).toHaveAttribute('data-state', 'FAILED', { timeout: 60_000 });
    await expect(failed.getByTestId('verification-item').first()).toHaveAttribute('data-status', 'REJECTED');
    await settle(page);
    await snap(page, 'address-book-3-mismatch-6-reverified');

    // Deleted with a fresh authenticator code.
    await failed.getByTestId('entry-delete').click();
    const otpDialog = page.getByRole('dialog', { name: '주소록 삭제' });
    await expect(otpDialog).toBeVisible();
    await snap(page, 'address-book-3-mismatch-7-delete-otp');
    await enterOtp(
      page,
      owner.otpSecret,
      async () => {
        await otpDialog.getByRole('button', { name: '삭제' }).click();
        await expect(page.getByTestId('entry-detail')).toHaveCount(0);
      },
      { scope: otpDialog },
    );

    // The list: the deleted entry is gone from the live list, shown only when asked for.
    await expect(panel.locator(`[data-name="${name}"]`)).toHaveCount(0);
    await expect(rows).toHaveCount(before + 2);
    await settle(page);
    await snap(page, 'address-book-4-list-ko');
    await page.getByTestId('address-book-state-filter').click();
    await page.getByRole('option', { name: '삭제됨' }).click();
    await expect(panel.locator(`[data-name="${name}"]`)).toHaveAttribute('data-state', 'DELETED');
    await snap(page, 'address-book-4-list-deleted-ko');

    // Search, and the screens in English.
    await page.goto(PAGE);
    await page.getByTestId('address-book-search').fill(`김철수 ${stamp}`);
    await expect(rows).toHaveCount(1);
    await page.getByTestId('address-book-search').fill('');
    await setLanguage(page, 'en');
    await expect(rows).toHaveCount(before + 2);
    await expect(page.getByTestId('address-book-register')).toHaveText('Register address');
    await settle(page);
    await snap(page, 'address-book-5-list-en');
    await panel.locator(`[data-name="한빛 김철수 ${stamp}"]`).click();
    await expect(page.getByTestId('entry-detail').getByTestId('entry-state')).toHaveText('Registered');
    await snap(page, 'address-book-5-detail-en');
    await closeDrawer(page);
    await page.getByTestId('address-book-register').click();
    await expect(page.getByRole('dialog', { name: 'Register address' }).getByTestId('register-stepper')).toContainText(
      'Wallet type',
    );
    await snap(page, 'address-book-5-register-en');
    await page.getByTestId('register-cancel').click();
    await setLanguage(page, 'ko');
  });
});
