import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { fakeApi, fakeOperatorMe } from '../../test/fake-api';
import { paged } from '../../test/fixtures';
import { jsonResponse, renderRoutes } from '../../test/render';

type Handlers = NonNullable<Parameters<typeof fakeApi>[0]>;

const tx = {
  hash: '0xabc0000000000000000000000000000000000000000000000000000000000def',
  blockchain: 'SEPOLIA',
  tokenId: 'SEPOLIA.ETH',
  fromAddress: '0x1111111111111111111111111111111111111111',
  toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  amount: '1500000000000000000',
  blockHeight: 10,
  willFail: false,
  createdAt: '2026-03-02T01:02:03.000Z',
};

function operator(extra: Handlers = {}): Handlers {
  return {
    'GET /api/v1/organization/members/me': () => jsonResponse(fakeOperatorMe()),
    'POST /api/v1/operations/organizations': () => paged([]),
    'POST /api/v1/operations/workflows': () => paged([]),
    ...extra,
  };
}

describe('devnet console tab', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is hidden where the devnet does not answer (production)', async () => {
    const api = await fakeApi(operator());
    renderRoutes(routes, '/dashboard/operation/organization');
    expect(await screen.findByTestId('tab-organizations')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('/operations/devnet')).toHaveLength(1));
    expect(screen.queryByTestId('tab-devnet')).toBeNull();
  });

  it('sends a deposit and lists the latest transactions with their heights', async () => {
    const api = await fakeApi(
      operator({
        'GET /api/v1/operations/devnet': () =>
          jsonResponse({
            blockMs: 2000,
            confirmations: 3,
            chains: [{ blockchain: 'SEPOLIA', height: 12 }],
            transactions: [tx],
          }),
        'POST /api/v1/operations/devnet/deposits': () => jsonResponse({ ...tx, blockHeight: null }),
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/operation/organization');
    await user.click(await screen.findByTestId('tab-devnet'));
    const row = within(await screen.findByTestId('devnet-tx'));
    expect(row.getByText('1.5 ETH')).toBeInTheDocument();
    expect(row.getByText(/#10/)).toHaveTextContent('3블록 깊이');

    const form = within(screen.getByTestId('devnet-deposit'));
    const network = form.getByTestId('devnet-network');
    await user.click(network);
    const listbox = document.getElementById(network.getAttribute('aria-controls') ?? '') as HTMLElement;
    await user.click(within(listbox).getByRole('option', { name: '테스트넷 Sepolia', hidden: true }));
    await user.type(form.getByTestId('devnet-address'), tx.toAddress);
    await user.type(form.getByTestId('devnet-amount'), '1.5');
    await user.click(form.getByTestId('devnet-fail'));
    await user.click(form.getByTestId('devnet-submit'));
    await waitFor(() => expect(api.callsTo('/devnet/deposits')).toHaveLength(1));
    expect(api.callsTo('/devnet/deposits')[0]?.body).toEqual({
      blockchain: 'SEPOLIA',
      toAddress: tx.toAddress,
      amount: '1.5',
      fail: true,
    });
  });
});
