import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WithdrawalPreview } from '@vaultline/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { REQUEST_ID, requestView, WALLET_ID, wallet } from '../../test/custody-fixtures';
import { fakeApi } from '../../test/fake-api';
import { ORG_ID, paged } from '../../test/fixtures';
import { jsonResponse, renderRoutes } from '../../test/render';
import { choose } from '../../test/select';
import { samplePreview } from './testing';

const WR = '/api/v1/organizations/withdrawals/evm/withdrawal-request';
const ENTRY_ID = '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const ADDRESS = '0x4124a521bBE993F13966651bDaeaeb0264923B0b';

const eth = {
  tokenId: 'SEPOLIA.ETH',
  blockchain: 'SEPOLIA',
  symbol: 'ETH',
  name: 'Ether',
  type: 'NATIVE',
  decimals: 18,
  contractAddress: null,
  total: '2500000000000000000',
  withdrawable: '2500000000000000000',
  staked: '0',
};

const TWO_APPROVERS = [
  {
    step: 2,
    requiredApprovals: 2,
    approvers: [
      { memberId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', email: 'kim@example.com', userName: 'Minsu Kim' },
      { memberId: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a', email: 'lee@example.com', userName: 'Jiwoo Lee' },
    ],
  },
];

function preview(approval: Partial<WithdrawalPreview['approval']> = {}): WithdrawalPreview {
  return samplePreview({ walletId: WALLET_ID, approval: { canRequest: true, exempt: false, steps: [], ...approval } });
}

function handlers(answer: WithdrawalPreview) {
  return {
    'POST /api/v1/organizations/wallets': () =>
      jsonResponse({ items: [wallet()], page: 1, size: 100, total: 1, partial: false, nextCursor: null }),
    [`GET /api/v1/balances/wallet/${WALLET_ID}`]: () =>
      jsonResponse({
        walletId: WALLET_ID,
        name: 'Treasury',
        blockchain: 'SEPOLIA',
        address: '0x1',
        balances: [eth],
        unregistered: [],
      }),
    [`POST /api/v1/address-books/${ORG_ID}`]: () =>
      paged([
        {
          id: ENTRY_ID,
          name: 'Cold storage',
          blockchain: 'SEPOLIA',
          tokenId: 'SEPOLIA.ETH',
          address: ADDRESS,
          memo: null,
          walletType: 'PERSONAL',
          vasp: null,
          receiverType: 'INDIVIDUAL',
          receiver: {
            nameKo: '홍길동',
            nameEn: 'Gildong Hong',
            representativeNameKo: null,
            representativeNameEn: null,
            birthday: null,
            incorporationDate: null,
            address: null,
            phone: null,
            masked: true,
          },
          state: 'REGISTERED',
          verification: null,
          createdAt: '2026-03-02T01:02:03.000Z',
          createdBy: null,
          deletedAt: null,
        },
      ]),
    [`POST ${WR}/preview`]: () => jsonResponse(answer),
  };
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  renderRoutes(routes, '/dashboard/withdraw');
  const form = within(await screen.findByTestId('withdraw-form'));
  // Each choice waits for its list: the selects stay off until it is read.
  for (const [testId, option] of [
    ['withdraw-wallet', /^Treasury/],
    ['withdraw-token', /^ETH/],
    ['withdraw-destination', /^Cold storage/],
  ] as const) {
    await waitFor(() => expect(form.getByTestId(testId)).toBeEnabled());
    await choose(user, form.getByTestId(testId), option);
  }
  return form;
}

describe('withdraw form', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('previews who approves, checks the amount as the server does, fills the max, and opens the request made', async () => {
    const api = await fakeApi({
      ...handlers(preview({ steps: TWO_APPROVERS })),
      [`POST ${WR}/create`]: () => jsonResponse(requestView({ id: REQUEST_ID })),
      [`POST /api/v1/organizations/requests/${REQUEST_ID}`]: () => jsonResponse(requestView()),
    });
    const user = userEvent.setup();
    const form = await fill(user);
    const panel = within(screen.getByTestId('withdraw-preview'));
    expect(await panel.findByTestId('preview-withdrawable')).toHaveTextContent('2.5 ETH');
    expect(panel.getByTestId('preview-fee')).toHaveTextContent('0.001 ETH');
    expect(panel.getAllByTestId('preview-approver')).toHaveLength(2);
    expect(panel.getByTestId('preview-step')).toHaveTextContent('2명 중 2명 승인 필요');

    const amount = form.getByTestId('withdraw-amount');
    await user.type(amount, '3');
    await user.click(form.getByTestId('withdraw-submit'));
    expect(await form.findByText('잔액이 부족합니다. 최대 2.499 ETH까지 입력할 수 있습니다.')).toBeInTheDocument();
    expect(api.callsTo('/create')).toHaveLength(0);

    await user.click(form.getByTestId('withdraw-max'));
    expect(amount).toHaveValue('2.499');
    await user.click(form.getByTestId('withdraw-submit'));
    await waitFor(() => expect(api.callsTo('/create')).toHaveLength(1));
    expect(api.callsTo('/create')[0]?.body).toEqual({
      walletId: WALLET_ID,
      tokenId: 'SEPOLIA.ETH',
      addressBookId: ENTRY_ID,
      amount: '2.499',
    });
    expect(await screen.findByTestId('request-detail')).toBeInTheDocument();
  });

  it('says who may not request, and keeps the submit off; an owner is told it runs at once', async () => {
    await fakeApi(handlers(preview({ canRequest: false })));
    const user = userEvent.setup();
    const form = await fill(user);
    expect(await screen.findByTestId('preview-cannot-request')).toBeInTheDocument();
    expect(form.getByTestId('withdraw-submit')).toBeDisabled();
  });

  it('tells an exempt member that the withdrawal executes at once', async () => {
    await fakeApi(handlers(preview({ exempt: true })));
    const user = userEvent.setup();
    const form = await fill(user);
    expect(await screen.findByTestId('preview-exempt')).toHaveTextContent('바로 실행');
    expect(form.getByTestId('withdraw-submit')).toHaveTextContent('바로 출금');
  });
});
