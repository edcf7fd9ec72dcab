import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PATHS, safeRedirect, walletPath } from '../lib/paths';
import { fakeApi } from '../test/fake-api';
import { jsonResponse, renderRoutes } from '../test/render';
import { routes } from './router';

describe('router', () => {
  // A signed-in member: the dashboard screens load the account first.
  beforeEach(async () => {
    await fakeApi({
      'POST /api/v1/organizations/tokens/list': () => jsonResponse({ items: [], page: 1, size: 20, total: 0 }),
      // The staking screen with nothing staked yet: its overview shows the empty state.
      'GET /api/v1/organizations/staking': () => jsonResponse({ items: [] }),
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends / to the login page and /dashboard to the assets page', async () => {
    const root = renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { level: 1, name: '로그인' })).toBeInTheDocument();
    expect(root.router.state.location.pathname).toBe(PATHS.login);
    root.unmount();

    const dashboard = renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: '자산' })).toBeInTheDocument();
    expect(dashboard.router.state.location.pathname).toBe(PATHS.assets);
  });

  it('shows the chosen blockchain and wallet id', async () => {
    renderRoutes(routes, '/dashboard/wallets/SEPOLIA/w-42?tab=members');
    expect(await screen.findByRole('heading', { level: 1, name: '지갑' })).toBeInTheDocument();
    // The id is not a wallet the server knows: the page names what the path asked for.
    expect(await screen.findByTestId('wallet-selection')).toHaveTextContent('테스트넷 Sepolia');
    expect(screen.getByTestId('wallet-selection')).toHaveTextContent('w-42');
  });

  it('renders every dashboard page with a title and an empty state', async () => {
    const pages = [PATHS.tokens, PATHS.staking];
    for (const path of pages) {
      const view = renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      // The tokens page shows its empty state once the (empty) list has answered.
      expect((await screen.findAllByTestId('empty-state')).length).toBeGreaterThan(0);
      view.unmount();
    }
  });

  it('renders the withdraw form with its preview waiting for a wallet and token', async () => {
    renderRoutes(routes, PATHS.withdraw);
    expect(await screen.findByRole('heading', { level: 1, name: '출금' })).toBeInTheDocument();
    expect(screen.getByTestId('withdraw-form')).toBeInTheDocument();
    expect(screen.getByTestId('withdraw-preview-empty')).toBeInTheDocument();
  });

  it('renders the account settings of the signed-in member', async () => {
    renderRoutes(routes, PATHS.account);
    expect(await screen.findByRole('heading', { level: 1, name: '계정 설정' })).toBeInTheDocument();
    expect(screen.getByTestId('profile-card')).toHaveTextContent('owner@demo.vaultline.local');
    expect(screen.getByTestId('profile-organization')).toHaveTextContent('Demo Custody');
    expect(screen.getByTestId('account-menu')).toHaveTextContent('Minji Kim');
  });

  it('renders the error page for an unknown path, with a way back to login', async () => {
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByTestId('error-page')).toHaveTextContent('페이지를 찾을 수 없습니다');
    expect(screen.getByRole('link', { name: '로그인으로 돌아가기' })).toHaveAttribute('href', PATHS.login);
  });
});

describe('paths', () => {
  it('builds wallet paths without empty segments', () => {
    expect(walletPath()).toBe('/dashboard/wallets');
    expect(walletPath('BITCOIN')).toBe('/dashboard/wallets/BITCOIN');
    expect(walletPath('BITCOIN', 'w 1')).toBe('/dashboard/wallets/BITCOIN/w%201');
  });

  it('keeps only internal redirect targets', () => {
    expect(safeRedirect('/dashboard/wallets?x=1')).toBe('/dashboard/wallets?x=1');
    expect(safeRedirect('//evil.example')).toBe(PATHS.assets);
    expect(safeRedirect('https://evil.example')).toBe(PATHS.assets);
    expect(safeRedirect(null)).toBe(PATHS.assets);
  });
});
