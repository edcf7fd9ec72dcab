import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { apiError, fakeApi, fakeMe } from '../../test/fake-api';
import { jsonResponse, renderRoutes } from '../../test/render';
import { lastWeekInSeoul } from './ExportDialog';
import { ACTIVITY_ID, activity, balance, WALLET_ID } from './testing';

type Handlers = NonNullable<Parameters<typeof fakeApi>[0]>;

const OTHER_WALLET = '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9f';
const EXPORT_ID = '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e10';
const ETH = 10n ** 18n;

const exportView = (status: 'RUNNING' | 'READY', rowCount: number | null = null) => ({
  id: EXPORT_ID,
  status,
  dateFrom: '2026-03-02',
  dateTo: '2026-03-02',
  timezone: 'Asia/Seoul',
  rowCount,
  createdAt: '2026-03-02T01:02:03.000Z',
  finishedAt: status === 'READY' ? '2026-03-02T01:02:05.000Z' : null,
});

function handlers(extra: Handlers = {}): Handlers {
  return {
    'POST /api/v1/balances/organizations': () =>
      jsonResponse({
        items: [
          {
            ...balance({ total: String(ETH * 4n), withdrawable: String(ETH * 3n), staked: String(ETH) }),
            walletCount: 2,
          },
        ],
        unregistered: [],
        partial: false,
      }),
    'POST /api/v1/balances/organizations/wallets': () =>
      jsonResponse({
        items: [
          {
            walletId: WALLET_ID,
            name: 'Treasury',
            blockchain: 'SEPOLIA',
            address: '0x1',
            balances: [balance({ total: String(ETH * 3n) })],
            unregistered: [],
          },
          {
            walletId: OTHER_WALLET,
            name: 'Ops',
            blockchain: 'SEPOLIA',
            address: '0x2',
            balances: [balance({ total: String(ETH) })],
            unregistered: [],
          },
        ],
        page: 1,
        size: 100,
        total: 2,
        partial: false,
      }),
    'POST /api/v1/asset-activities/organizations': () =>
      jsonResponse({ items: [activity()], page: 1, size: 10, total: 1, partial: false, nextCursor: null }),
    [`POST /api/v1/asset-activities/organizations/${ACTIVITY_ID}`]: () => jsonResponse(activity({ confirmations: 2 })),
    ...extra,
  };
}

describe('assets page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows holdings per token and the allocation across wallets in exact shares', async () => {
    const api = await fakeApi(handlers());
    renderRoutes(routes, '/dashboard/assets');
    const row = within(await screen.findByTestId('holding-row'));
    expect(row.getByTestId('holding-total')).toHaveTextContent('4');
    expect(row.getByText('3')).toBeInTheDocument();
    const legend = await screen.findAllByTestId('allocation-row');
    expect(legend.map((r) => r.textContent)).toEqual(['Treasury375.00%', 'Ops125.00%']);
    expect(screen.getByTestId('allocation-total')).toHaveTextContent('4');
    expect(screen.queryByTestId('partial-holdings')).toBeNull();
    expect(api.callsTo('/balances/organizations')[0]?.body).toEqual({ hasToken: true });
    expect(api.callsTo('/balances/organizations/wallets')[0]?.body).toMatchObject({
      filters: { tokenId: 'SEPOLIA.ETH', hasToken: true },
    });
    // Recent activity: the latest ten.
    const recent = within(await screen.findByTestId('recent-activity'));
    expect(recent.getByTestId('activity-amount')).toHaveTextContent('+1.5 ETH');
    expect(recent.getByTestId('activity-confirmations')).toHaveTextContent('1 / 3');
    expect(api.callsTo('/asset-activities/organizations')[0]?.body).toMatchObject({ page: 1, size: 10 });
  });

  it('says when only part of the holdings is shown', async () => {
    await fakeApi(
      handlers({
        'GET /api/v1/organization/members/me': () => jsonResponse(fakeMe({ permissions: [] })),
        'POST /api/v1/balances/organizations': () => jsonResponse({ items: [], unregistered: [], partial: true }),
      }),
    );
    renderRoutes(routes, '/dashboard/assets');
    expect(await screen.findByTestId('partial-holdings')).toBeInTheDocument();
    expect(await screen.findByText('표시할 자산이 아직 없습니다')).toBeInTheDocument();
  });

  it('filters the full list, opens an activity with its hash and confirmations', async () => {
    const api = await fakeApi(handlers());
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/assets?tab=activity');
    await user.click(await screen.findByTestId('activity-row'));
    const drawer = within(await screen.findByTestId('activity-detail'));
    await waitFor(() => expect(drawer.getByTestId('activity-detail-confirmations')).toHaveTextContent('2 / 3'));
    expect(drawer.getByTestId('activity-hash')).toHaveAttribute('data-value', activity().txHash);
    expect(drawer.getByTestId('activity-block')).toHaveTextContent('120');

    const status = screen.getByTestId('activity-filter-status');
    await user.click(status);
    const listbox = document.getElementById(status.getAttribute('aria-controls') ?? '') as HTMLElement;
    await user.click(within(listbox).getByRole('option', { name: '완료', hidden: true }));
    await waitFor(() =>
      expect(api.callsTo('/asset-activities/organizations').at(-1)?.body).toMatchObject({
        filters: { status: ['CONFIRMED'] },
      }),
    );
  });

  it('exports a CSV: 4110 reads as translated, then waits for the file and offers it', async () => {
    let busy = true;
    let polls = 0;
    const api = await fakeApi(
      handlers({
        'POST /api/v1/asset-activities/organizations/exports': () =>
          busy ? apiError('4110', 409) : jsonResponse(exportView('RUNNING'), 202),
        [`GET /api/v1/asset-activities/organizations/exports/${EXPORT_ID}`]: () => {
          polls += 1;
          return jsonResponse(polls > 1 ? exportView('READY', 3) : exportView('RUNNING'));
        },
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/assets?tab=activity');
    await user.click(await screen.findByTestId('export-open'));
    const dialog = within(await screen.findByTestId('export-dialog'));
    await user.click(dialog.getByTestId('export-submit'));
    expect(await dialog.findByText(/CSV 파일을 생성 중입니다|5분/)).toBeInTheDocument();

    busy = false;
    await user.click(dialog.getByTestId('export-submit'));
    const download = await dialog.findByTestId('export-download', {}, { timeout: 6_000 });
    expect(download).toHaveAttribute('href', `/api/v1/asset-activities/organizations/exports/${EXPORT_ID}/file`);
    expect(dialog.getByTestId('export-ready')).toHaveTextContent('3건');
    const body = api.callsTo('/organizations/exports')[1]?.body as { dateFrom: string; dateTo: string };
    // By default the last seven days in Asia/Seoul, today included.
    expect([body.dateFrom, body.dateTo]).toEqual(lastWeekInSeoul());
  }, 15_000);

  it('shows a wallet’s balances and its own activity history on the wallet detail', async () => {
    const api = await fakeApi(
      handlers({
        [`GET /api/v1/organizations/wallets/${WALLET_ID}`]: () =>
          jsonResponse({
            id: WALLET_ID,
            name: 'Treasury',
            blockchain: 'SEPOLIA',
            family: 'evm',
            address: '0x52908400098527886E0F7030069857D2E4169EE7',
            publicKey: '02b4',
            derivationPath: "m/44'/60'/0'/0/0",
            custody: 'HOT',
            myRole: 'MANAGER',
            memberCount: 1,
            createdAt: '2026-03-02T01:02:03.000Z',
          }),
        [`GET /api/v1/balances/wallet/${WALLET_ID}`]: () =>
          jsonResponse({
            walletId: WALLET_ID,
            name: 'Treasury',
            blockchain: 'SEPOLIA',
            address: '0x52908400098527886E0F7030069857D2E4169EE7',
            balances: [balance({ total: '1500000000000000000', withdrawable: '1500000000000000000' })],
            unregistered: [],
          }),
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/wallets/SEPOLIA/${WALLET_ID}?tab=activity`);
    const card = within(await screen.findByTestId('wallet-balance'));
    expect(card.getByTestId('wallet-balance-total')).toHaveTextContent('1.5');
    expect(card.getByTestId('wallet-balance-withdrawable')).toHaveTextContent('1.5');
    const history = within(await screen.findByTestId('wallet-activity-table'));
    expect(history.getByTestId('activity-amount')).toHaveTextContent('+1.5 ETH');
    expect(history.queryByTestId('activity-wallet')).toBeNull();
    expect(api.callsTo('/asset-activities/organizations')[0]?.body).toMatchObject({
      filters: { walletId: [WALLET_ID] },
    });
    await user.click(history.getByTestId('activity-row'));
    expect(await screen.findByTestId('activity-detail')).toBeInTheDocument();
  });
});
