import { constants, publicEncrypt } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { credentials, freshCode, signIn, snap } from './auth.helpers';
import { csrfHeaders, requestWallet, settle } from './wallets.helpers';

/**
 * Dashboard defects seen in a real browser: the organization's Wallets tab listed nothing, toasts
 * covered the header, dialogs and toasts had unnamed close buttons, and "Cancel request" was offered
 * for a request already approved and processing.
 */

/** Every button on the page has an accessible name (icon buttons included). */
async function expectNamedButtons(page: Page) {
  for (const button of await page.getByRole('button').all()) await expect(button).toHaveAccessibleName(/\S/);
}

/** A secret as the API takes it: RSA-OAEP (SHA-256) under the server's public key, base64. */
async function encrypted(page: Page, secret: string): Promise<string> {
  const { publicKey } = (await (await page.request.get('/api/v1/auth/public-key')).json()) as { publicKey: string };
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(secret),
  ).toString('base64');
}

test.describe('dashboard', () => {
  test("the organization's Wallets tab lists the wallets the member may see", async ({ page, request }) => {
    test.setTimeout(120_000);
    await signIn(page, request);
    await page.goto('/dashboard/wallets');
    await expect(page.getByTestId('wallet-row').first()).toBeVisible();
    const seen = await page.getByTestId('wallet-total').textContent();
    const names = await page.getByTestId('wallet-name').allTextContents();

    await page.goto('/dashboard/operation/organization?tab=wallets');
    const tab = page.getByRole('tabpanel');
    await expect(tab.getByTestId('wallet-row').first()).toBeVisible();
    await expect(tab.getByTestId('wallet-total')).toHaveText(seen ?? '');
    expect(await tab.getByTestId('wallet-name').allTextContents()).toEqual(names);
    await expect(page.getByText('아직 관리할 지갑이 없습니다')).toHaveCount(0);
    await snap(page, 'organization-wallets-tab-ko');
  });

  test('toasts open below the header; dialogs, drawers and toasts have named close buttons; main landmark', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, request);
    await page.goto('/dashboard/operation/account');
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('계정 설정');
    await expectNamedButtons(page);

    const userName = page.getByTestId('name-form').getByLabel(/사용자 이름/);
    await userName.fill((await userName.inputValue()) === '김데모' ? '데모김' : '김데모');
    await page.getByRole('button', { name: '이름 저장' }).click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: '이름이 변경되었습니다.' });
    await expect(toast).toBeVisible();
    const header = await page.getByRole('banner').boundingBox();
    const box = await toast.boundingBox();
    expect(header && box && box.y >= header.y + header.height).toBe(true);
    await expect(toast.getByRole('button', { name: '알림 닫기' })).toBeVisible();
    // The pointer on it holds it open (it closes by itself after 4 s; the screenshot's accessibility scan is slower).
    await toast.hover();
    await snap(page, 'toast-below-header-ko');
    await toast.getByRole('button', { name: '알림 닫기' }).click();
    await expect(toast).toHaveCount(0);

    await page.goto('/dashboard/operation/organization');
    await page.getByTestId('invite-open').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: '닫기' })).toBeVisible();
    await dialog.getByRole('button', { name: '닫기' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('"Cancel request" is offered while a request waits for approval, never once it is approved', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const { otpSecret } = await credentials(request);
    await signIn(page, request);
    const name = `Cancel check ${Date.now().toString(36).slice(-4)}`;
    const detail = await requestWallet(page, { network: '테스트넷 Sepolia', name });
    const requestId = (await detail.getAttribute('data-request-id')) ?? '';
    await expect(detail.getByTestId('request-cancel')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('button', { name: '닫기' })).toBeVisible();
    await settle(page);
    await snap(page, 'request-waiting-cancel-offered-ko');

    // Approved through the API: the answer is the server's view of the request at that moment.
    const me = (await (await page.request.get('/api/v1/organization/members/me')).json()) as {
      organization: { id: string };
    };
    const approve = await page.request.post(
      `/api/v1/organizations/wallet-creation/evm/${me.organization.id}/wallet-creation-request/${requestId}/approve`,
      { headers: await csrfHeaders(page), data: { otpCode: await encrypted(page, await freshCode(otpSecret)) } },
    );
    expect(approve.status(), await approve.text()).toBe(200);
    const approved = (await approve.json()) as { decisionStatus: string; canCancel: boolean };
    expect(approved.decisionStatus).toBe('APPROVED');
    expect(approved.canCancel).toBe(false);

    // The engine takes an approved request within a second, so the screen is shown that approved
    // moment as the server answered it: processing, and no cancel to offer.
    await page.route(`**/api/v1/organizations/requests/${requestId}`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(approved) }),
    );
    await page.goto(`/dashboard/approvals?tab=my-requests&request=${requestId}`);
    const processing = page.getByTestId('request-detail');
    await expect(processing.getByTestId('request-title')).toHaveText(name);
    await expect(processing.getByText('수탁사가 지갑을 생성하고 있습니다', { exact: false })).toBeVisible();
    await expect(processing.getByTestId('request-cancel')).toHaveCount(0);
    await snap(page, 'request-processing-no-cancel-ko');

    // And once the engine is done, the real request still offers no cancel.
    await page.unroute(`**/api/v1/organizations/requests/${requestId}`);
    await page.reload();
    await expect(page.getByTestId('request-detail').getByTestId('request-complete')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('request-cancel')).toHaveCount(0);
  });
});
