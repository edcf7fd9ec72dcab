import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, MEMBER_ID } from '../../../test/fake-api';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { AccountLayout } from '../../layouts/AccountLayout';
import { ExpiredPasswordPage } from './ExpiredPasswordPage';
import { LogoutPage } from './LogoutPage';
import { OtpGuidePage } from './OtpGuidePage';
import { OtpRegisterPage } from './OtpRegisterPage';

const routes = [
  {
    element: <AccountLayout />,
    children: [
      { path: '/account/otp/guide', element: <OtpGuidePage /> },
      { path: '/account/otp/register', element: <OtpRegisterPage /> },
      { path: '/account/expired-password', element: <ExpiredPasswordPage /> },
      { path: '/account/logout', element: <LogoutPage /> },
      { path: '/account/login', element: <h1>login</h1> },
    ],
  },
  { path: '/dashboard/*', element: <h1>dashboard</h1> },
];
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const base = `/api/v1/organization/members/${MEMBER_ID}`;

describe('OTP guide and registration', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('explains the authenticator app and the two ways, then continues to registration', async () => {
    await fakeApi();
    renderRoutes(routes, '/account/otp/guide');
    const guide = await screen.findByTestId('otp-guide');
    expect(guide).toHaveTextContent('Google Authenticator');
    expect(guide).toHaveTextContent('QR 코드 스캔');
    expect(guide).toHaveTextContent('키 직접 입력');
    expect(screen.getByRole('link', { name: '계속' })).toHaveAttribute('href', '/account/otp/register');
  });

  it('explains that registration starts at sign-in when nothing is saved', async () => {
    await fakeApi();
    renderRoutes(routes, '/account/otp/register');
    expect(await screen.findByTestId('otp-register-missing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '로그인으로 돌아가기' })).toHaveAttribute('href', '/account/login');
  });

  it('shows the QR code and the grouped key, then confirms with a code and signs in', async () => {
    sessionStorage.setItem(
      'vaultline.otpRegistration',
      JSON.stringify({ memberId: MEMBER_ID, ticket: 'tk', email: 'kim@example.com', redirect: '/dashboard/tokens' }),
    );
    let confirm = () => apiError('4004');
    const api = await fakeApi({
      [`POST ${base}/otp/registration`]: () =>
        jsonResponse({
          secret: SECRET,
          otpauthUri: `otpauth://totp/Vaultline:kim?secret=${SECRET}`,
          issuer: 'Vaultline',
          accountName: 'kim@example.com',
        }),
      [`POST ${base}/otp/registration/confirm`]: () => confirm(),
    });
    const { router } = renderRoutes(routes, '/account/otp/register');
    const secret = await screen.findByTestId('otp-secret');
    expect(secret).toHaveAttribute('data-secret', SECRET);
    expect(secret).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    expect(screen.getByTestId('otp-qr')).toBeInTheDocument();
    expect(api.callsTo('/otp/registration')).toHaveLength(1);
    expect(api.callsTo('/otp/registration')[0]?.body).toEqual({ ticket: 'tk' });

    fireEvent.change(screen.getByTestId('otp-input'), { target: { value: '000000' } });
    expect(await screen.findByText('인증 코드가 올바르지 않습니다. 확인 후 다시 입력해 주세요.')).toBeInTheDocument();

    confirm = () => jsonResponse({ result: 'SUCCESS', memberId: MEMBER_ID, kind: 'MEMBER' });
    fireEvent.change(screen.getByTestId('otp-input'), { target: { value: '123456' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/tokens'));
    expect(sessionStorage.getItem('vaultline.otpRegistration')).toBeNull();
  });
});

describe('expired password', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('walks the three steps and sends a refused password back to step 1', async () => {
    sessionStorage.setItem(
      'vaultline.expiredPassword',
      JSON.stringify({ memberId: MEMBER_ID, ticket: 'exp', email: 'kim@example.com' }),
    );
    let reset = () => apiError('4035');
    const api = await fakeApi({ [`POST ${base}/passphrase/reset`]: () => reset() });
    const user = userEvent.setup();
    renderRoutes(routes, '/account/expired-password');
    expect(await screen.findByTestId('expired-password')).toHaveTextContent('kim@example.com');

    const password = screen.getByLabelText(/^새 비밀번호( \*)?$/, { selector: 'input' });
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: '다음' }));
    expect(await screen.findByText(/8자 이상이어야 합니다/)).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'newpass-2@');
    await user.type(screen.getByLabelText(/새 비밀번호 확인/, { selector: 'input' }), 'newpass-2@');
    await user.click(screen.getByRole('button', { name: '다음' }));
    fireEvent.change(await screen.findByTestId('otp-input'), { target: { value: '123456' } });
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    // 4035: back at step 1 with the message at the new password.
    expect(await screen.findByText('최근에 사용한 비밀번호입니다. 다른 비밀번호를 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^새 비밀번호( \*)?$/, { selector: 'input' })).toBeVisible();

    reset = () => jsonResponse({ ok: true });
    await user.clear(screen.getByLabelText(/^새 비밀번호( \*)?$/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/^새 비밀번호( \*)?$/, { selector: 'input' }), 'another-3#');
    await user.clear(screen.getByLabelText(/새 비밀번호 확인/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/새 비밀번호 확인/, { selector: 'input' }), 'another-3#');
    await user.click(screen.getByRole('button', { name: '다음' }));
    await user.click(await screen.findByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByTestId('expired-done')).toBeInTheDocument();
    expect(api.callsTo('/passphrase/reset').at(-1)?.body).toMatchObject({ token: 'exp' });
    expect(sessionStorage.getItem('vaultline.expiredPassword')).toBeNull();
  });

  it('explains the screen when opened without an expired password', async () => {
    await fakeApi();
    renderRoutes(routes, '/account/expired-password');
    expect(await screen.findByTestId('expired-missing')).toBeInTheDocument();
  });
});

describe('logout', () => {
  afterEach(() => vi.restoreAllMocks());

  it('ends the session, forgets the saved tickets and leads back to sign-in, even when the server refuses', async () => {
    sessionStorage.setItem('vaultline.otpRegistration', '{"memberId":"m","ticket":"t"}');
    const api = await fakeApi({ 'POST /api/v1/organization/members/logout': () => apiError('401', 401) });
    renderRoutes(routes, '/account/logout');
    expect(await screen.findByTestId('logout-done')).toBeInTheDocument();
    expect(api.callsTo('/logout')).toHaveLength(1);
    expect(api.callsTo('/logout')[0]?.body).toEqual({});
    expect(sessionStorage.getItem('vaultline.otpRegistration')).toBeNull();
    expect(screen.getByRole('link', { name: '다시 로그인' })).toHaveAttribute('href', '/account/login');
  });
});
