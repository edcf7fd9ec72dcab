import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, fakeMe, MEMBER_ID } from '../../test/fake-api';
import { jsonResponse, renderRoutes } from '../../test/render';
import { SessionProvider, useSession } from './SessionProvider';

function Dashboard() {
  const { me } = useSession();
  return <h1>hello {me.email}</h1>;
}

const routes = [
  {
    path: '/dashboard/*',
    element: (
      <SessionProvider loginPath="/account/login" logoutPath="/account/logout">
        <Dashboard />
      </SessionProvider>
    ),
  },
  { path: '/account/login', element: <h1>login</h1> },
];

describe('SessionProvider', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the dashboard to a signed-in member and checks the session clock', async () => {
    const api = await fakeApi();
    renderRoutes(routes, '/dashboard/assets');
    expect(await screen.findByRole('heading', { name: 'hello owner@demo.vaultline.local' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('/token/verify')).toHaveLength(1));
    expect(screen.queryByTestId('keep-alive-dialog')).toBeNull();
  });

  it('sends a guest (401) to sign-in with the guest-access notice and the way back', async () => {
    await fakeApi({ 'GET /api/v1/organization/members/me': () => apiError('401', 401) });
    const { router } = renderRoutes(routes, '/dashboard/wallets?tab=members');
    await screen.findByRole('heading', { name: 'login' });
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('error')).toBe('GUEST_ACCESS');
    expect(search.get('redirect')).toBe('/dashboard/wallets?tab=members');
  });

  it('passes the other session codes on as they are', async () => {
    for (const code of ['4001', '5', '19', '4028']) {
      await fakeApi({ 'GET /api/v1/organization/members/me': () => apiError(code, 401) });
      const view = renderRoutes(routes, '/dashboard/assets');
      await screen.findByRole('heading', { name: 'login' });
      expect(new URLSearchParams(view.router.state.location.search).get('error')).toBe(code);
      view.unmount();
      vi.restoreAllMocks();
    }
  });

  it('offers a retry when the account cannot be loaded for another reason', async () => {
    await fakeApi({ 'GET /api/v1/organization/members/me': () => apiError('5000', 500) });
    renderRoutes(routes, '/dashboard/assets');
    expect(await screen.findByText('계정 정보를 불러오지 못했습니다')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  it('opens the keep-alive dialog when the session is about to end', async () => {
    const soon = new Date(Date.now() + 40_000).toISOString();
    await fakeApi({
      'GET /api/v1/organization/members/me': () => jsonResponse(fakeMe({ sessionExpiresAt: soon })),
      [`POST /api/v1/organization/members/${MEMBER_ID}/token/verify`]: () =>
        jsonResponse({ valid: true, sessionExpiresAt: soon, sessionNoticeSeconds: 60, now: new Date().toISOString() }),
    });
    renderRoutes(routes, '/dashboard/assets');
    expect(await screen.findByTestId('keep-alive-dialog')).toBeInTheDocument();
  });
});
