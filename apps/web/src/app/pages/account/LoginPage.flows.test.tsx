import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { apiError, fakeApi, MEMBER_ID, testKeys } from '../../../test/fake-api';
import { decryptSecret } from '../../../test/keys';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { AccountLayout } from '../../layouts/AccountLayout';
import { LoginPage } from './LoginPage';

const routes = [
  { element: <AccountLayout />, children: [{ path: '/account/login', element: <LoginPage /> }] },
  { path: '/dashboard/*', element: <h1>dashboard</h1> },
  { path: '/account/otp/guide', element: <h1>guide</h1> },
  { path: '/account/expired-password', element: <h1>expired</h1> },
];
const LOGIN = 'POST /api/v1/organization/members/login';
const ok = (extra: object = {}) => jsonResponse({ memberId: MEMBER_ID, kind: 'MEMBER', ...extra });

async function signIn(email = 'kim@example.com', password = 'secret-1!') {
  const user = userEvent.setup();
  renderRoutes(routes, `/account/login?email=${encodeURIComponent(email)}&redirect=%2Fdashboard%2Fwallets`);
  await user.type(screen.getByLabelText(/^비밀번호/, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: '로그인' }));
  return user;
}

describe('login flow', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('asks for the OTP code and signs in with email, password and code', async () => {
    const { privateKey } = await testKeys();
    const api = await fakeApi({
      [LOGIN]: ({ body }) =>
        ok({ result: (body as { otpCode?: string }).otpCode ? 'SUCCESS' : 'NEED_OTP', otpRegistered: true }),
    });
    await signIn();
    const input = await screen.findByTestId('otp-input');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('2단계 인증');
    expect(screen.getByTestId('login-otp-step')).toHaveTextContent('kim@example.com');
    fireEvent.change(input, { target: { value: '123456' } });
    await screen.findByRole('heading', { name: 'dashboard' });

    const second = api.callsTo('/login')[1]?.body as { email: string; passphrase: string; otpCode: string };
    expect(second.email).toBe('kim@example.com');
    expect(await decryptSecret(second.passphrase, privateKey)).toBe('secret-1!');
    expect(await decryptSecret(second.otpCode, privateKey)).toBe('123456');
  });

  it('keeps the OTP step after a wrong code', async () => {
    await fakeApi({
      [LOGIN]: ({ body }) =>
        (body as { otpCode?: string }).otpCode ? apiError('4004') : ok({ result: 'NEED_OTP', otpRegistered: true }),
    });
    await signIn();
    fireEvent.change(await screen.findByTestId('otp-input'), { target: { value: '000000' } });
    expect(await screen.findByText('인증 코드가 올바르지 않습니다. 확인 후 다시 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByTestId('otp-input')).toHaveValue('');
  });

  it('warns about a wrong password with the attempts left, in both languages', async () => {
    await fakeApi({ [LOGIN]: () => apiError('4005', 400, { remainingAttempts: 3 }) });
    const user = await signIn();
    const notice = await screen.findByTestId('wrong-password-notice');
    expect(notice).toHaveTextContent('비밀번호가 올바르지 않습니다.');
    expect(screen.getByTestId('remaining-attempts')).toHaveTextContent('로그인이 차단되기까지 3회 남았습니다.');
    expect(screen.getByLabelText(/^비밀번호/, { selector: 'input' })).toHaveValue('');
    await user.click(screen.getByText('English'));
    expect(screen.getByTestId('remaining-attempts')).toHaveTextContent('3 attempts left before sign-in is blocked.');
    await i18n.changeLanguage('ko');
  });

  it('shows a blocked login with the way to reset the password', async () => {
    await fakeApi({ [LOGIN]: () => apiError('4030', 423) });
    await signIn();
    const notice = await screen.findByTestId('locked-notice');
    expect(notice).toHaveTextContent('5회 잘못 입력');
    const reset = screen.getByRole('link', { name: '비밀번호 재설정' });
    expect(reset.getAttribute('href')).toContain('mode=forgot');
    // The email goes along in history state, never in the URL (logs, history).
    expect(reset.getAttribute('href')).not.toContain('email');
    await userEvent.setup().click(reset);
    expect(await screen.findByTestId('forgot-form')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /이메일/ })).toHaveValue('kim@example.com');
  });

  it('tells how long to wait after too many attempts, under a title that says it is a limit', async () => {
    await fakeApi({ [LOGIN]: () => apiError('429', 429, { retryAfterSeconds: 250 }) });
    await signIn();
    const notice = await screen.findByTestId('rate-limit-notice');
    expect(notice).toHaveTextContent('시도 횟수를 초과했습니다');
    expect(notice).toHaveTextContent('4분 10초 후에 다시 시도해 주세요.');
    expect(notice).toHaveTextContent('오류 코드 429');
    expect(notice).not.toHaveTextContent('#429');
  });

  it('says the code step hit a limit, not that the code was wrong', async () => {
    await fakeApi({
      [LOGIN]: ({ body }) =>
        (body as { otpCode?: string }).otpCode
          ? apiError('429', 429, { retryAfterSeconds: 30 })
          : ok({ result: 'NEED_OTP', otpRegistered: true }),
    });
    await signIn();
    fireEvent.change(await screen.findByTestId('otp-input'), { target: { value: '000000' } });
    const notice = await screen.findByTestId('rate-limit-notice');
    expect(notice).toHaveTextContent('시도 횟수를 초과했습니다');
    expect(notice).toHaveTextContent('30초 후에 다시 시도해 주세요.');
    expect(screen.queryByText('인증에 실패했습니다')).toBeNull();
  });

  it('explains the IP check', async () => {
    await fakeApi({ [LOGIN]: () => ok({ result: 'NEED_IP_VERIFICATION', code: '4008' }) });
    await signIn();
    expect(await screen.findByTestId('ip-notice')).toHaveTextContent('새로운 IP 주소에서 로그인을 시도했습니다.');
  });

  it('sends an unregistered authenticator to the guide with its ticket saved', async () => {
    await fakeApi({ [LOGIN]: () => ok({ result: 'NEED_OTP', otpRegistered: false, ticket: 'reg-ticket' }) });
    await signIn();
    await screen.findByRole('heading', { name: 'guide' });
    expect(JSON.parse(sessionStorage.getItem('vaultline.otpRegistration') ?? '{}')).toMatchObject({
      memberId: MEMBER_ID,
      ticket: 'reg-ticket',
      email: 'kim@example.com',
    });
  });

  it('sends an expired password to its screen with the ticket saved', async () => {
    await fakeApi({ [LOGIN]: () => apiError('17', 400, { memberId: MEMBER_ID, ticket: 'exp-ticket' }) });
    await signIn();
    await screen.findByRole('heading', { name: 'expired' });
    expect(JSON.parse(sessionStorage.getItem('vaultline.expiredPassword') ?? '{}')).toEqual({
      memberId: MEMBER_ID,
      ticket: 'exp-ticket',
      email: 'kim@example.com',
    });
  });
});

describe('login query modes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('forgot password: email, then "email sent" with a resend', async () => {
    const user = userEvent.setup();
    const api = await fakeApi({
      'POST /api/v1/organization/members/passphrase/recover': () => jsonResponse({ ok: true }),
    });
    renderRoutes(routes, '/account/login?mode=forgot&email=kim%40example.com');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('비밀번호 재설정');
    await user.click(screen.getByRole('button', { name: '재설정 링크 보내기' }));
    expect(await screen.findByTestId('forgot-sent')).toHaveTextContent('kim@example.com');
    await user.click(screen.getByRole('button', { name: '다시 보내기' }));
    await screen.findByText('링크를 다시 보냈습니다.');
    expect(api.callsTo('/passphrase/recover').map((c) => c.body)).toEqual([
      { email: 'kim@example.com' },
      { email: 'kim@example.com' },
    ]);
  });

  it('verify-ip: verifies once and asks to sign in again', async () => {
    const path = `/api/v1/organization/members/${MEMBER_ID}/login-ips/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d/verify`;
    const api = await fakeApi({ [`POST ${path}`]: () => jsonResponse({ ok: true, ip: '127.0.0.1' }) });
    renderRoutes(
      routes,
      `/account/login?mode=verify-ip&memberId=${MEMBER_ID}&loginIpId=9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d&code=abc`,
    );
    expect(await screen.findByTestId('verify-ip-success')).toHaveTextContent('127.0.0.1');
    expect(screen.getByRole('link', { name: '다시 로그인' })).toHaveAttribute('href', '/account/login');
    expect(api.callsTo('/verify')).toHaveLength(1);
    expect(api.callsTo('/verify')[0]?.body).toEqual({ code: 'abc' });
  });

  it('verify-ip: explains an expired code', async () => {
    await fakeApi({ [`POST /api/v1/organization/members/${MEMBER_ID}/login-ips/x/verify`]: () => apiError('4009') });
    renderRoutes(routes, `/account/login?mode=verify-ip&memberId=${MEMBER_ID}&loginIpId=x&code=abc`);
    expect(await screen.findByTestId('verify-ip-failed')).toHaveTextContent('24시간');
  });

  it('reset: checks the link, refuses a recent password at its field, then completes', async () => {
    const { privateKey } = await testKeys();
    let reset = () => apiError('4035');
    const api = await fakeApi({
      [`POST /api/v1/organization/members/${MEMBER_ID}/passphrase/verify`]: () =>
        jsonResponse({ email: 'kim@example.com', purpose: 'RESET', otpRequired: true }),
      [`POST /api/v1/organization/members/${MEMBER_ID}/passphrase/reset`]: () => reset(),
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/account/login?mode=reset&memberId=${MEMBER_ID}&token=tok`);
    expect(await screen.findByTestId('reset-form')).toHaveTextContent('kim@example.com');
    await user.type(screen.getByLabelText(/^새 비밀번호( \*)?$/, { selector: 'input' }), 'newpass-2@');
    await user.type(screen.getByLabelText(/새 비밀번호 확인/), 'newpass-2@');
    fireEvent.change(screen.getByTestId('otp-input'), { target: { value: '111222' } });
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByText('최근에 사용한 비밀번호입니다. 다른 비밀번호를 입력해 주세요.')).toBeInTheDocument();

    reset = () => jsonResponse({ ok: true });
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByTestId('reset-done')).toBeInTheDocument();
    const body = api.callsTo('/passphrase/reset')[1]?.body as { token: string; newPassphrase: string; otpCode: string };
    expect(body.token).toBe('tok');
    expect(await decryptSecret(body.newPassphrase, privateKey)).toBe('newpass-2@');
    expect(await decryptSecret(body.otpCode, privateKey)).toBe('111222');
    const signInLink = screen.getByRole('link', { name: '로그인' });
    expect(signInLink.getAttribute('href')).not.toContain('email');
    await user.click(signInLink);
    expect(await screen.findByRole('textbox', { name: /이메일/ })).toHaveValue('kim@example.com');
  });

  it('reset: an expired link offers a new one', async () => {
    await fakeApi({ [`POST /api/v1/organization/members/${MEMBER_ID}/passphrase/verify`]: () => apiError('18') });
    renderRoutes(routes, `/account/login?mode=reset&memberId=${MEMBER_ID}&token=old`);
    expect(await screen.findByTestId('reset-failed')).toHaveTextContent('링크가 만료되었습니다.');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '새 링크 요청하기' }).getAttribute('href')).toContain('mode=forgot'),
    );
  });
});
