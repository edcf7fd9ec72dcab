import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { stubEventSource } from '../../test/event-source';
import { fakeApi, fakeOperatorMe } from '../../test/fake-api';
import { paged } from '../../test/fixtures';
import { jsonResponse, renderRoutes } from '../../test/render';

const REQUEST_ID = '7d58cbbc-dee3-4871-b05a-680244c9a001';
const ADDRESS = '0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE';

function key(proposal: null | { proposedByMe: boolean }) {
  return {
    requestId: REQUEST_ID,
    organizationId: '7d58cbbc-dee3-4871-b05a-680244c9a002',
    organizationName: 'Hanbit Asset',
    walletName: 'Reserve',
    blockchain: 'SEPOLIA',
    accountName: null,
    requestedBy: 'Minji Kim',
    approvedBy: ['Minji Kim'],
    signersRequired: proposal ? 2 : 1,
    suggestedAccount: 3,
    waitingSince: '2026-11-28T01:02:03.000Z',
    proposal: proposal && {
      address: ADDRESS,
      derivationPath: "m/44'/60'/3'/0/0",
      masterFingerprint: '1a2b3c4d',
      proposedBy: 'operator.d@vaultline.local',
      proposedByMe: proposal.proposedByMe,
      proposedAt: '2026-11-28T01:05:00.000Z',
    },
  };
}

async function openQueue(walletKeys: ReturnType<typeof key>[]) {
  const api = await fakeApi({
    'GET /api/v1/organization/members/me': () => jsonResponse(fakeOperatorMe('SIGNER')),
    'POST /api/v1/operations/organizations': () => paged([]),
    'POST /api/v1/operations/workflows': () => paged([]),
    'GET /api/v1/operations/signing-queue': () =>
      jsonResponse({ items: [], total: walletKeys.length, transactionTotal: 0, walletKeys }),
    [`POST /api/v1/operations/signing-queue/wallet-keys/${REQUEST_ID}/confirm`]: () =>
      jsonResponse({
        requestId: REQUEST_ID,
        status: 'COMPLETE',
        walletId: '7d58cbbc-dee3-4871-b05a-680244c9a003',
        address: ADDRESS,
        derivationPath: "m/44'/60'/3'/0/0",
        masterFingerprint: '1a2b3c4d',
      }),
  });
  renderRoutes(routes, '/dashboard/operation/organization?tab=signing');
  return { api, row: await screen.findByTestId('wallet-key-row') };
}

describe('wallets waiting for a cold key', () => {
  beforeEach(() => {
    stubEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers the import, with the export command of the suggested account', async () => {
    const { row } = await openQueue([key(null)]);
    await userEvent.click(within(row).getByTestId('key-import'));
    expect(await screen.findByTestId('key-command')).toHaveTextContent('--blockchain SEPOLIA --account 3');
  });

  it('lets another signing operator check the proposed address and confirm it, never the proposer', async () => {
    const { api, row } = await openQueue([key({ proposedByMe: false })]);
    expect(within(row).queryByTestId('key-import')).toBeNull();
    await userEvent.click(within(row).getByTestId('key-confirm'));
    expect(await screen.findByTestId('key-proposal')).toHaveTextContent(ADDRESS);
    await userEvent.click(screen.getByTestId('key-confirm-submit'));
    await waitFor(() => expect(screen.queryByTestId('key-proposal')).toBeNull());
    expect(api.callsTo('/confirm')).toHaveLength(1);
  });

  it('tells the proposer that another signing operator confirms it', async () => {
    const { row } = await openQueue([key({ proposedByMe: true })]);
    expect(within(row).getByTestId('key-proposed-by-me')).toBeInTheDocument();
    expect(within(row).queryByTestId('key-confirm')).toBeNull();
  });
});
