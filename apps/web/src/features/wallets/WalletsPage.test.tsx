import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { creationLine, type Handlers, WALLET_ID, wallet, walletMember } from '../../test/custody-fixtures';
import { fakeApi, fakeMe } from '../../test/fake-api';
import { KIM_ID, member, owner, paged } from '../../test/fixtures';
import { jsonResponse, renderRoutes } from '../../test/render';
import { choose } from '../../test/select';

const W = `/api/v1/organizations/wallets/${WALLET_ID}`;
const listAnswer = (items: ReturnType<typeof wallet>[], partial = false) =>
  jsonResponse({ items, page: 1, size: 20, total: items.length, partial, nextCursor: null });

function handlers(extra: Handlers = {}) {
  return {
    'POST /api/v1/organizations/wallets': () => listAnswer([wallet()]),
    [`GET ${W}`]: () => jsonResponse(wallet()),
    [`POST ${W}/members`]: () => paged([walletMember()]),
    'GET /api/v1/organizations/requests/wallet-creation/approval-line-templates': () => jsonResponse(creationLine()),
    // The wallet detail composes in the assets feature's balances and activity history.
    [`GET /api/v1/balances/wallet/${WALLET_ID}`]: () =>
      jsonResponse({
        walletId: WALLET_ID,
        name: 'Treasury',
        blockchain: 'SEPOLIA',
        address: wallet().address,
        balances: [],
        unregistered: [],
      }),
    'POST /api/v1/asset-activities/organizations': () =>
      jsonResponse({ items: [], page: 1, size: 20, total: 0, partial: false, nextCursor: null }),
    ...extra,
  };
}

describe('wallets', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists wallets with network, short address, copy, role, and filters by network in the path', async () => {
    const api = await fakeApi(handlers());
    const user = userEvent.setup();
    const view = renderRoutes(routes, '/dashboard/wallets');
    const row = within(await screen.findByTestId('wallet-row'));
    expect(row.getByTestId('wallet-name')).toHaveTextContent('Treasury');
    expect(row.getByTestId('network-label')).toHaveTextContent('테스트넷 Sepolia');
    expect(row.getByTestId('wallet-address')).toHaveTextContent('0x529084…169EE7');
    expect(row.getByTestId('copy-address')).toHaveAccessibleName('주소 복사');
    expect(row.getByTestId('my-role')).toHaveTextContent('매니저');
    expect(screen.queryByTestId('partial-holdings')).toBeNull();

    await choose(user, screen.getByTestId('wallet-network-filter'), '테스트넷 Bitcoin');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard/wallets/BITCOIN_TESTNET'));
    await waitFor(() =>
      expect(api.callsTo('/organizations/wallets').at(-1)?.body).toMatchObject({
        filters: { blockchain: ['BITCOIN_TESTNET'] },
      }),
    );
  });

  it('says when only part of the holdings is shown (the server answers partial)', async () => {
    await fakeApi(
      handlers({
        'GET /api/v1/organization/members/me': () => jsonResponse(fakeMe({ permissions: [] })),
        'POST /api/v1/organizations/wallets': () => listAnswer([wallet({ myRole: 'MEMBER' })], true),
      }),
    );
    renderRoutes(routes, '/dashboard/wallets');
    expect(await screen.findByTestId('partial-holdings')).toBeInTheDocument();
    expect(screen.queryByTestId('create-wallet')).toBeNull();
  });

  it('shows a wallet: full address, QR, key details and members; a manager manages members', async () => {
    const api = await fakeApi(
      handlers({
        [`POST ${W}/members`]: () =>
          paged([
            walletMember(),
            walletMember({
              id: KIM_ID,
              memberId: KIM_ID,
              email: 'kim@example.com',
              userName: 'Minsu Kim',
              role: 'MEMBER',
            }),
          ]),
        [`POST ${W}/members/update-permissions`]: () => jsonResponse(walletMember({ role: 'MANAGER' })),
        'POST /api/v1/organization/members': () => paged([owner(), member()]),
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/wallets/SEPOLIA/${WALLET_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Treasury' })).toBeInTheDocument();
    expect(screen.getByTestId('wallet-full-address')).toHaveTextContent('0x52908400098527886E0F7030069857D2E4169EE7');
    expect((await screen.findByTestId('wallet-qr')).tagName.toLowerCase()).toBe('svg');
    expect(screen.getByTestId('wallet-withdraw')).toHaveAttribute('href', `/dashboard/withdraw?wallet=${WALLET_ID}`);
    await user.click(screen.getByTestId('wallet-key-details'));
    expect(await screen.findByTestId('wallet-derivation-path')).toHaveTextContent("m/44'/60'/0'/0/0");
    expect(screen.getByTestId('wallet-public-key')).toHaveTextContent('02b4632d');

    const rows = await screen.findAllByTestId('wallet-member-row');
    expect(rows).toHaveLength(2);
    const kim = within(rows[1] as HTMLElement);
    await choose(user, kim.getByTestId('wallet-member-role'), '매니저');
    await waitFor(() => expect(api.callsTo('/members/update-permissions')).toHaveLength(1));
    expect(api.callsTo('/members/update-permissions')[0]?.body).toEqual({ walletMemberId: KIM_ID, role: 'MANAGER' });
    expect(screen.getByTestId('wallet-member-add')).toBeInTheDocument();

    await user.click(screen.getByTestId('wallet-tab-activity'));
    expect(await screen.findByTestId('wallet-activity')).toHaveTextContent('아직 활동 내역이 없습니다');
  });

  it('gives a plain member no member controls', async () => {
    await fakeApi(
      handlers({
        'GET /api/v1/organization/members/me': () => jsonResponse(fakeMe({ permissions: [] })),
        [`GET ${W}`]: () => jsonResponse(wallet({ myRole: 'MEMBER' })),
        [`POST ${W}/members`]: () => paged([walletMember({ role: 'MEMBER' })]),
      }),
    );
    renderRoutes(routes, `/dashboard/wallets/SEPOLIA/${WALLET_ID}`);
    const row = within(await screen.findByTestId('wallet-member-row'));
    expect(row.getByTestId('wallet-member-role')).toHaveTextContent('멤버');
    expect(row.queryByTestId('wallet-member-remove')).toBeNull();
    expect(screen.queryByTestId('wallet-member-add')).toBeNull();
  });
});
