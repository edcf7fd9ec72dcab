import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { decryptSecret, makeTestKeyPair } from '../../../test/keys';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { AccountLayout } from '../../layouts/AccountLayout';
import { LoginPage } from './LoginPage';

const routes = [
  { element: <AccountLayout />, children: [{ path: '/account/login', element: <LoginPage /> }] },
  { path: '/dashboard/wallets', element: <h1>wallets</h1> },
];

const notFound = () => jsonResponse({ code: '404', message: 'Route not found', data: null }, 404, 'Not Found');
const loginCalls = (spy: MockInstance<typeof fetch>) =>
  spy.mock.calls.filter(([url]) => String(url).endsWith('/login'));

describe('LoginPage', () => {
  let fetchSpy: MockInstance<typeof fetch>;
  let keys: Awaited<ReturnType<typeof makeTestKeyPair>>;
  let loginAnswer: () => Response;

  beforeAll(async () => {
    keys = await makeTestKeyPair();
  });

  beforeEach(() => {
    // Like today's server, the login answers 404; the public key is served so the password gets encrypted.
    loginAnswer = notFound;
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/v1/auth/public-key') {
        return jsonResponse({ keyId: 'k1', algorithm: 'RSA-OAEP-256', publicKey: keys.pem });
      }
      if (url === '/api/v1/organization/members/login') return loginAnswer();
      return notFound();
    });
  });
  afterEach(() => fetchSpy.mockRestore());

  it('drops the guest-access error from the query and keeps the other parameters', async () => {
    const { router } = renderRoutes(
      routes,
      '/account/login?email=kim%40example.com&error=GUEST_ACCESS&redirect=%2Fdashboard%2Fwallets',
    );
    await waitFor(() =>
      expect(router.state.location.search).toBe('?email=kim%40example.com&redirect=%2Fdashboard%2Fwallets'),
    );
    expect(router.state.location.pathname).toBe('/account/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByLabelText(/이메일/)).toHaveValue('kim@example.com');
    expect(screen.getByTestId('guest-notice')).toHaveTextContent('계속하려면 로그인하세요.');
  });

  it('drops the guestAccessError flag too', async () => {
    const { router } = renderRoutes(routes, '/account/login?guestAccessError=true&step=');
    await waitFor(() => expect(router.state.location.search).toBe('?step='));
  });

  it('leaves a query without a guest-access error alone', async () => {
    const { router } = renderRoutes(routes, '/account/login?error=4001&redirect=%2Fdashboard');
    expect(await screen.findByTestId('error-alert')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?error=4001&redirect=%2Fdashboard');
    expect(router.state.historyAction).toBe('POP');
  });

  it('shows only catalogue codes from the query, and drops any other text with a replace', async () => {
    const { router } = renderRoutes(
      routes,
      '/account/login?error=Account+locked%2C+call+%2B82-2-000-0000&redirect=%2Fdashboard',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?redirect=%2Fdashboard'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByTestId('error-alert')).toBeNull();
    expect(screen.queryByText(/Account locked/)).toBeNull();
  });

  it('shows a catalogue code from the query as its message, the code only in a details line', async () => {
    renderRoutes(routes, '/account/login?error=4028');
    const alert = await screen.findByTestId('error-alert');
    expect(alert).toHaveTextContent('다른 브라우저에서 로그인하여 로그아웃되었습니다.');
    expect(screen.getByTestId('error-code')).toHaveTextContent('오류 코드 4028');
  });

  it('has a main landmark and a password toggle named in the current language', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/account/login');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByRole('button', { name: '비밀번호 표시 또는 숨기기', hidden: true })).toBeInTheDocument();
    await user.click(screen.getByText('English'));
    expect(screen.getByRole('button', { name: 'Show or hide password', hidden: true })).toBeInTheDocument();
    await user.click(screen.getByText('한국어'));
  });

  it('switches its texts from Korean to English', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/account/login');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('로그인');
    expect(document.documentElement.lang).toBe('ko');

    await user.click(screen.getByText('English'));

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    expect(screen.getByLabelText(/Email/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('vaultline.language')).toBe('en');
  });

  it('validates on the client with translated messages, without calling the server', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/account/login');
    await user.type(screen.getByLabelText(/이메일/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText('올바른 이메일 주소를 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('필수 입력 항목입니다.')).toBeInTheDocument();
    expect(loginCalls(fetchSpy)).toHaveLength(0);

    await user.click(screen.getByText('English'));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
  });

  it("sends the encrypted password and shows the server's answer through the error reader", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/account/login?email=kim%40example.com');
    await user.type(screen.getByLabelText(/^비밀번호/, { selector: 'input' }), 'secret-1!');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    const alert = await screen.findByTestId('error-alert');
    expect(alert).toHaveTextContent('요청한 항목을 찾을 수 없습니다.');

    const [, init] = loginCalls(fetchSpy)[0] ?? [];
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body)) as { email: string; passphrase: string };
    expect(body.email).toBe('kim@example.com');
    expect(body.passphrase).not.toContain('secret');
    expect(await decryptSecret(body.passphrase, keys.privateKey)).toBe('secret-1!');

    await user.click(screen.getByText('English'));
    expect(screen.getByTestId('error-alert')).toHaveTextContent('The requested item was not found.');
  });

  it('shows a failure to get the public key without sending the password', async () => {
    const user = userEvent.setup();
    fetchSpy.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderRoutes(routes, '/account/login?email=kim%40example.com');
    await user.type(screen.getByLabelText(/^비밀번호/, { selector: 'input' }), 'secret-1!');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByTestId('error-alert')).toHaveTextContent('Failed to fetch');
    expect(loginCalls(fetchSpy)).toHaveLength(0);
  });

  it('goes to the redirect target after signing in', async () => {
    const user = userEvent.setup();
    loginAnswer = () =>
      jsonResponse({ result: 'SUCCESS', memberId: '0b6f7c1e-8a4d-4e2b-9f3a-2c5d7e9f1a3b', kind: 'MEMBER' });
    const { router } = renderRoutes(routes, '/account/login?email=kim%40example.com&redirect=%2Fdashboard%2Fwallets');
    await user.type(screen.getByLabelText(/^비밀번호/, { selector: 'input' }), 'secret-1!');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/wallets'));
  });
});
