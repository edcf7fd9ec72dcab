import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type OrganizationToken, type TokenInfo, tokenById } from '@vaultline/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { fakeApi, fakeMe, MEMBER_ID } from '../../test/fake-api';
import { jsonResponse, renderRoutes } from '../../test/render';
import { WALLET_ID } from './testing';

type Handlers = NonNullable<Parameters<typeof fakeApi>[0]>;

/** The reported case: ETH and registered USDC, plus 1,500 USDT received though the organization never added it. */
const token = (id: string) => tokenById(id) as TokenInfo;
const amounts = (total: string) => ({ total, withdrawable: total, staked: '0' });
const ETH = { ...token('ETHEREUM.ETH'), ...amounts(String(3n * 10n ** 18n)) };
const USDC = { ...token('ETHEREUM.USDC'), ...amounts('5000000000') };
const USDT = { ...token('ETHEREUM.USDT'), ...amounts('1500000000') };
const ADDED: OrganizationToken = {
  ...token('ETHEREUM.USDT'),
  id: '9e0f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
  addedAt: '2026-03-02T01:02:03.000Z',
  addedBy: { id: MEMBER_ID, userName: 'Minji Kim' },
};

/** The balance answers before and after USDT is added: `added` flips when the add call succeeds. */
function handlers(state: { added: boolean }, extra: Handlers = {}): Handlers {
  const wallet = (balances: object[], unregistered: object[]) => ({
    walletId: WALLET_ID,
    name: 'Ethereum Reserve',
    blockchain: 'ETHEREUM',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
    balances,
    unregistered,
  });
  return {
    'POST /api/v1/balances/organizations': () =>
      jsonResponse({
        items: [ETH, USDC, ...(state.added ? [USDT] : [])].map((b) => ({ ...b, walletCount: 1 })),
        unregistered: state.added ? [] : [{ ...USDT, walletCount: 1 }],
        partial: false,
      }),
    'POST /api/v1/balances/organizations/wallets': () =>
      jsonResponse({ items: [wallet([ETH], [])], page: 1, size: 100, total: 1, partial: false }),
    [`GET /api/v1/balances/wallet/${WALLET_ID}`]: () =>
      jsonResponse(state.added ? wallet([ETH, USDC, USDT], []) : wallet([ETH, USDC], [USDT])),
    'POST /api/v1/organizations/tokens/add': () => {
      state.added = true;
      return jsonResponse(ADDED);
    },
    'POST /api/v1/asset-activities/organizations': () =>
      jsonResponse({ items: [], page: 1, size: 10, total: 0, partial: false, nextCursor: null }),
    [`GET /api/v1/organizations/wallets/${WALLET_ID}`]: () =>
      jsonResponse({
        id: WALLET_ID,
        name: 'Ethereum Reserve',
        blockchain: 'ETHEREUM',
        family: 'evm',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        publicKey: '02b4',
        derivationPath: "m/44'/60'/0'/0/0",
        custody: 'HOT',
        myRole: 'MANAGER',
        memberCount: 1,
        createdAt: '2026-03-02T01:02:03.000Z',
      }),
    ...extra,
  };
}

const holdingIds = () => screen.getAllByTestId('holding-row').map((row) => row.getAttribute('data-token-id'));

describe('holdings in a token the organization has not registered', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are shown apart, marked, out of the totals and the allocation; one click adds the token', async () => {
    const state = { added: false };
    const api = await fakeApi(handlers(state));
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/assets');

    const section = within(await screen.findByTestId('unregistered-holdings'));
    expect(section.getByText('등록되지 않은 토큰 보유분')).toBeInTheDocument();
    expect(section.getByTestId('not-registered')).toHaveTextContent('미등록');
    const row = section.getByTestId('unregistered-row');
    expect(row).toHaveAttribute('data-token-id', 'ETHEREUM.USDT');
    expect(within(row).getByTestId('unregistered-total')).toHaveTextContent('1,500');
    // The registered holdings and the allocation know nothing of USDT.
    expect(holdingIds()).toEqual(['ETHEREUM.ETH', 'ETHEREUM.USDC']);
    expect(await screen.findByTestId('allocation-card')).toHaveAttribute('data-token-id', 'ETHEREUM.ETH');

    const add = within(row).getByTestId('add-held-token');
    expect(add).toHaveAccessibleName('토큰 추가: Ethereum의 USDT');
    await user.click(add);
    await waitFor(() => expect(api.callsTo('/tokens/add')[0]?.body).toEqual({ tokenId: 'ETHEREUM.USDT' }));
    // The balances are read again: USDT joins the registered holdings and the section goes.
    await waitFor(() => expect(holdingIds()).toEqual(['ETHEREUM.ETH', 'ETHEREUM.USDC', 'ETHEREUM.USDT']));
    expect(screen.queryByTestId('unregistered-holdings')).toBeNull();
    expect(await screen.findByText('USDT을(를) 추가했습니다.')).toBeInTheDocument();
  });

  it('offer no add control to a member who may not add tokens, and say who can', async () => {
    await fakeApi(
      handlers(
        { added: false },
        { 'GET /api/v1/organization/members/me': () => jsonResponse(fakeMe({ permissions: ['WALLETS_VIEW'] })) },
      ),
    );
    renderRoutes(routes, '/dashboard/assets');
    const section = within(await screen.findByTestId('unregistered-holdings'));
    expect(section.getByTestId('unregistered-row')).toHaveAttribute('data-token-id', 'ETHEREUM.USDT');
    expect(section.queryByTestId('add-held-token')).toBeNull();
    expect(section.getByText(/지갑 관리 권한이 있는 멤버가 추가할 수 있습니다/)).toBeInTheDocument();
  });

  it('are apart on the wallet detail too, and move into its balances once added', async () => {
    const state = { added: false };
    const api = await fakeApi(handlers(state));
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/wallets/ETHEREUM/${WALLET_ID}`);
    const apart = within(await screen.findByTestId('wallet-unregistered'));
    expect(apart.getByTestId('not-registered')).toHaveTextContent('미등록');
    const card = apart.getByTestId('wallet-unregistered-balance');
    expect(card).toHaveAttribute('data-token-id', 'ETHEREUM.USDT');
    expect(within(card).getByTestId('wallet-balance-total')).toHaveTextContent('1,500');
    const registered = () => screen.getAllByTestId('wallet-balance').map((c) => c.getAttribute('data-token-id'));
    expect(registered()).toEqual(['ETHEREUM.ETH', 'ETHEREUM.USDC']);

    await user.click(within(card).getByTestId('add-held-token'));
    await waitFor(() => expect(registered()).toEqual(['ETHEREUM.ETH', 'ETHEREUM.USDC', 'ETHEREUM.USDT']));
    expect(screen.queryByTestId('wallet-unregistered')).toBeNull();
    expect(api.callsTo('/tokens/add')).toHaveLength(1);
  });
});
