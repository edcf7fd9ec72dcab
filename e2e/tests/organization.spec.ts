import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import {
  type Account,
  credentials,
  enterOtp,
  fillCredentials,
  followMailLink,
  type Mail,
  mailIds,
  newMail,
  signIn,
  snap,
} from './auth.helpers';
import { decide } from './cold-signing.helpers';

/**
 * One organization from start to team: operator A proposes it and operator B approves it (maker-
 * checker), A proposes the owner invitation and B approves it, the owner signs up from the mailed
 * link and registers an authenticator, invites two members with Enter and Space, one of them
 * joins, and a group with WALLETS_CREATION gives that member the "Create wallet" button. Each
 * person works in a browser context of their own.
 */

const CONSOLE = /\/dashboard\/operation\/organization/;
const PASSWORD = 'Vaultline-2026!';

async function open(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function english(page: Page) {
  await page.getByTestId('language-switch').getByText('English').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

async function korean(page: Page) {
  await page.getByTestId('language-switch').getByText('한국어').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
}

/** Lets closing dialogs and notifications go, so a screenshot shows the screen itself. */
async function settle(page: Page) {
  await expect(page.locator('.mantine-Modal-content')).toHaveCount(0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

/** From the mailed invitation to the dashboard: sign up, sign in, register the authenticator. */
async function joinFromMail(page: Page, mail: Mail, account: Account, names: [string, string, string], shots: string) {
  await followMailLink(page, mail, 'mode=signup', `${shots}-mail`);
  const form = page.getByTestId('signup-form');
  await expect(form.getByTestId('signup-email')).toHaveText(account.email);
  await form.getByRole('textbox', { name: /^사용자 이름/ }).fill(names[0]);
  await form.getByRole('textbox', { name: /^성/ }).fill(names[1]);
  await form.getByRole('textbox', { name: /^이름/ }).fill(names[2]);
  await form
    .getByLabel(/^새 비밀번호/)
    .first()
    .fill(account.password);
  await form.getByLabel(/^새 비밀번호 확인/).fill(account.password);
  await expect(form.getByTestId('password-checklist').locator('li[data-met="true"]')).toHaveCount(4);
  await snap(page, `${shots}-signup-ko`);
  await form.getByRole('button', { name: '계정 만들기' }).click();
  await expect(page.getByTestId('signup-done')).toBeVisible();
  await snap(page, `${shots}-signup-done-ko`);

  await page.getByRole('link', { name: '로그인' }).click();
  await expect(page.getByRole('textbox', { name: /^이메일/ })).toHaveValue(account.email);
  await fillCredentials(page, account.email, account.password);
  await expect(page.getByTestId('otp-guide')).toBeVisible();
  await page.getByRole('link', { name: '계속' }).click();
  const secret = await page.getByTestId('otp-secret').getAttribute('data-secret');
  expect(secret).toBeTruthy();
  account.otpSecret = secret ?? '';
  await snap(page, `${shots}-otp-register-ko`);
  await enterOtp(page, account.otpSecret, () => page.waitForURL(/\/dashboard\/assets/), { account: account.email });
  await expect(page.getByTestId('account-menu')).toContainText(names[0]);
}

async function memberRow(page: Page, email: string): Promise<Locator> {
  const row = page.locator(`[data-testid=member-row][data-email="${email}"]`);
  await expect(row).toBeVisible();
  return row;
}

async function newInvitation(request: APIRequestContext, email: string, before: Set<string>) {
  return newMail(request, email, 'mode=signup', before);
}

test.describe('organization', () => {
  test('operators set up an organization; its owner joins, invites the team and grants wallet creation', async ({
    browser,
    request,
  }) => {
    test.setTimeout(600_000);
    const demo = await credentials(request);
    const [operatorA, operatorB] = demo.operators;
    if (!operatorA || !operatorB) throw new Error('the demo has two operators');
    const stamp = Date.now().toString(36);
    const orgName = `Hanbit Asset ${stamp}`;
    const owner: Account = { email: `owner.${stamp}@hanbit.example`, password: PASSWORD, otpSecret: '' };
    const member: Account = { email: `jiwoo.${stamp}@hanbit.example`, password: PASSWORD, otpSecret: '' };
    const second = `minho.${stamp}@hanbit.example`;

    // Operator A (administrator) proposes the organization.
    const a = await open(browser);
    await signIn(a, request, '', { account: operatorA, landing: CONSOLE });
    await expect(a.getByRole('heading', { level: 1, name: '조직 운영' })).toBeVisible();
    await expect(a.getByRole('navigation').getByRole('link', { name: '자산' })).toHaveCount(0);
    await a.getByTestId('new-organization').click();
    const create = a.getByRole('dialog');
    await create.getByTestId('org-name').fill(orgName);
    await create.getByTestId('org-business-number').fill('2208162517');
    await expect(create.getByTestId('org-business-number')).toHaveValue('220-81-62517');
    await create.getByTestId('org-representative').fill('홍길동');
    await create.getByTestId('org-fee').fill('0.25');
    await snap(a, 'console-new-organization-ko');
    await create.getByTestId('org-submit').click();
    await expect(create).toBeHidden();
    await a.getByTestId('tab-workflows').click();
    const own = a.locator('[data-testid=workflow-row][data-type=ORGANIZATION_CREATION]').first();
    await expect(own.getByTestId('workflow-cancel')).toBeVisible();
    await expect(own.getByTestId('workflow-approve')).toHaveCount(0);
    await settle(a);
    await snap(a, 'console-workflows-maker-ko');

    // Operator B (manager) approves it: the organization exists.
    const b = await open(browser);
    await signIn(b, request, '', { account: operatorB, landing: CONSOLE });
    await decide(b, 'ORGANIZATION_CREATION', operatorB, 'Business registration checked');
    await b.getByTestId('tab-organizations').click();
    const orgRow = b.locator(`[data-testid=organization-row][data-name="${orgName}"]`);
    await expect(orgRow.getByTestId('custody-fee')).toHaveText('0.25%');
    await expect(orgRow.getByTestId('aml-status')).toHaveText('미확인');

    // A proposes the owner invitation from the organization's drawer; B approves; the mail goes out.
    await a.goto('/dashboard/operation/organization');
    await a.locator(`[data-testid=organization-row][data-name="${orgName}"]`).click();
    const drawer = a.getByTestId('organization-drawer');
    await expect(drawer.getByTestId('drawer-organization-name')).toHaveText(orgName);
    await drawer.getByTestId('propose-owner').click();
    await a.getByTestId('owner-email-input').fill(owner.email);
    await a.getByTestId('proposal-submit').click();
    await expect(drawer.locator('[data-testid=workflow-card][data-type=OWNER_INVITATION]')).toBeVisible();
    await settle(a);
    await snap(a, 'console-organization-drawer-ko');
    await a.keyboard.press('Escape');

    const ownerMails = await mailIds(request, owner.email);
    await decide(b, 'OWNER_INVITATION', operatorB, 'Owner identity confirmed');
    await b.getByTestId('workflow-filter').getByText('승인됨').click();
    await expect(b.getByTestId('workflow-decision').first()).toContainText('Owner identity confirmed');
    await settle(b);
    await snap(b, 'console-workflows-decided-ko');

    // The console in English.
    await a.goto('/dashboard/operation/organization');
    await expect(a.locator(`[data-testid=organization-row][data-name="${orgName}"]`)).toBeVisible();
    await english(a);
    await expect(a.getByRole('heading', { level: 1, name: 'Organization console' })).toBeVisible();
    await snap(a, 'console-organizations-en');
    await a.getByTestId('tab-workflows').click();
    await a.getByTestId('workflow-filter').getByText('All').click();
    await expect(a.getByTestId('workflow-row').first()).toBeVisible();
    await snap(a, 'console-workflows-en');
    await a.getByTestId('tab-aml').click();
    await expect(a.getByTestId('aml-row').first()).toBeVisible();
    await snap(a, 'console-aml-en');
    await korean(a);
    await a.goto('/dashboard/operation/account');
    await expect(a.getByTestId('operator-role')).toHaveText('관리자');
    await snap(a, 'operator-account-ko');

    // The owner signs up from the mailed link and registers the authenticator.
    const o = await open(browser);
    const invitation = await newInvitation(request, owner.email, ownerMails);
    await joinFromMail(o, invitation, owner, ['한소유', 'Han', 'Soyu'], 'owner');

    // The owner invites two people: one chip made with Enter, one with Space.
    await o.goto('/dashboard/operation/organization');
    await expect(o.getByTestId('organization-name')).toHaveText(orgName);
    await o.getByTestId('invite-open').click();
    const invite = o.getByRole('dialog');
    const emails = invite.getByLabel(/이메일 주소/);
    await emails.pressSequentially(member.email);
    await emails.press('Enter');
    await emails.pressSequentially(second);
    await emails.press('Space');
    await expect(invite.getByTestId('email-chip')).toHaveCount(2);
    await emails.pressSequentially('not-an-email');
    await emails.press('Space');
    await expect(invite.getByText('"not-an-email"은(는) 올바른 이메일 주소가 아닙니다.')).toBeVisible();
    await expect(invite.getByTestId('email-chip')).toHaveCount(2);
    await snap(o, 'organization-invite-ko');
    await emails.fill('');
    const memberMails = await mailIds(request, member.email);
    await invite.getByTestId('invite-submit').click();
    await expect(invite).toBeHidden();
    await expect((await memberRow(o, second)).getByTestId('member-status')).toHaveText('초대됨');
    await settle(o);
    await snap(o, 'organization-members-owner-ko');

    // One member joins through the mailed link.
    const m = await open(browser);
    await joinFromMail(
      m,
      await newInvitation(request, member.email, memberMails),
      member,
      ['김지우', 'Kim', 'Jiwoo'],
      'member',
    );
    await m.goto('/dashboard/wallets');
    await expect(m.getByTestId('partial-holdings')).toBeVisible();
    await expect(m.getByTestId('create-wallet')).toHaveCount(0);
    await m.goto('/dashboard/operation/organization');
    await expect(await memberRow(m, owner.email)).toBeVisible();
    await expect(m.getByTestId('member-permissions')).toHaveCount(0);
    await expect(m.getByTestId('invite-open')).toHaveCount(0);
    await snap(m, 'organization-members-member-ko');

    // The owner puts the member in a new group that may create wallets.
    await o.reload();
    await expect((await memberRow(o, member.email)).getByTestId('member-status')).toHaveText('가입');
    await english(o);
    await snap(o, 'organization-members-en');
    await korean(o);
    await o.getByTestId('tab-groups').click();
    await o.getByTestId('group-create-open').click();
    const groupDialog = o.getByRole('dialog');
    await groupDialog.getByTestId('group-name').fill('재무팀');
    await groupDialog.getByTestId('group-members').click();
    await o.getByRole('option', { name: new RegExp(member.email.replace(/\./g, '\\.')) }).click();
    await groupDialog.getByTestId('group-name').click();
    await snap(o, 'organization-group-form-ko');
    await groupDialog.getByTestId('group-submit').click();
    await expect(groupDialog).toBeHidden();
    const groupRow = o.locator('[data-testid=group-row][data-name="재무팀"]');
    await groupRow.getByTestId('group-permissions').click();
    const permissions = o.getByTestId('permission-dialog');
    await permissions.locator('[data-permission=WALLETS_CREATION]').check();
    await expect(permissions.locator('[data-permission=WALLETS_CREATION]')).toBeChecked();
    await expect(permissions.getByTestId('permission-count')).toHaveText('1개 권한 선택됨');
    await snap(o, 'organization-permission-dialog-ko');
    await permissions.getByTestId('permission-save').click();
    await expect(groupRow.getByTestId('permission-summary')).toHaveText('지갑 생성');
    await settle(o);
    await snap(o, 'organization-groups-ko');

    // After a reload the member sees "Create wallet".
    await m.goto('/dashboard/wallets');
    await expect(m.getByTestId('create-wallet')).toBeVisible();
    await m.getByTestId('create-wallet').click();
    await expect(m.getByTestId('create-wallet-dialog')).toContainText('승인 라인');
    await snap(m, 'wallets-create-wallet-ko');
    await m.keyboard.press('Escape');

    // The operators see the owner active.
    await a.goto('/dashboard/operation/organization');
    const active = a.locator(`[data-testid=organization-row][data-name="${orgName}"]`);
    await expect(active.getByTestId('owner-status')).toHaveText('활성');
    await snap(a, 'console-organizations-ko');
  });
});
