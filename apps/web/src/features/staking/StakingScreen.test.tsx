import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestView } from '@vaultline/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { i18n } from '../../i18n';
import { REQUEST_ID, requestView } from '../../test/custody-fixtures';
import { apiError, fakeApi, fakeMe } from '../../test/fake-api';
import { jsonResponse, renderRoutes } from '../../test/render';
import { choose } from '../../test/select';
import { LOCKED_POSITION_ID, POSITION_ID, STAKE_WALLET_ID, STORY, stakingHandlers, VALIDATOR_A } from './testing';

function stakingRequest(content: RequestView['content'], itemType: RequestView['itemType']): RequestView {
  return requestView({
    id: REQUEST_ID,
    type: 'STAKING',
    itemType,
    walletId: STAKE_WALLET_ID,
    walletName: 'Story Treasury',
    content,
  });
}

const detailHandler = (view: RequestView) => ({
  [`POST /api/v1/organizations/requests/${REQUEST_ID}`]: () => jsonResponse(view),
});

describe('staking screen', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the overview with its rewards chart, the validators, and a validator’s terms and positions', async () => {
    await fakeApi(stakingHandlers());
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/staking');
    expect(await screen.findByRole('heading', { level: 1, name: '스테이킹' })).toBeInTheDocument();
    const card = within(await screen.findByTestId('staking-overview-item'));
    expect(card.getByTestId('overview-total-staked')).toHaveTextContent('3,072 IP');
    expect(card.getByTestId('overview-claimable')).toHaveTextContent('1,044.25 IP');
    expect(card.getByTestId('overview-claimable-hint')).toHaveTextContent('원금 1,024 IP + 보상 20.25 IP');
    expect(card.getByTestId('overview-rewards-earned')).toHaveTextContent('32.75 IP');
    const chart = card.getByRole('img', { name: /누적 보상/ });
    expect(chart).toHaveAccessibleName(expect.stringContaining('2026-02-28(32.75 IP)'));
    expect(within(card.getByTestId('rewards-chart-table')).getAllByRole('row')).toHaveLength(4);

    const table = within(await screen.findByTestId('validators-table'));
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '검증인',
      '네트워크',
      '수수료율',
      '총 스테이킹',
      '예상 연 수익률',
      '가동률',
      '허용 토큰',
    ]);
    expect(table.getAllByTestId('validator-row')).toHaveLength(2);
    await user.click(table.getByRole('button', { name: 'Aurora Node 상세 보기' }));
    const drawer = within(await screen.findByTestId('validator-detail'));
    expect(drawer.getByTestId('validator-detail-commission')).toHaveTextContent('5.00%');
    expect(drawer.getByTestId('validator-detail-minimum')).toHaveTextContent('1,024 IP');
    const periods = drawer.getAllByTestId('validator-period');
    expect(periods.map((row) => row.dataset.period)).toEqual(['FLEXIBLE', 'SHORT', 'MEDIUM', 'LONG']);
    expect(periods[1]).toHaveTextContent('단기90일 잠금×1.10');
    expect(drawer.getAllByTestId('validator-position')).toHaveLength(1);

    // Staking from the detail starts the form with the validator chosen and its token kind fixed.
    await user.click(drawer.getByRole('button', { name: '이 검증인에게 스테이킹' }));
    const form = within(await screen.findByTestId('stake-form'));
    await waitFor(() => expect(form.getByTestId('stake-validator')).toHaveValue('Aurora Node · 수수료율 5.00%'));
    expect(form.getByTestId('stake-token-type')).toBeDisabled();
    expect(form.getByTestId('stake-token-type')).toHaveValue('잠금 해제 토큰');
  });

  it('speaks English when English is chosen', async () => {
    await i18n.changeLanguage('en');
    await fakeApi(
      stakingHandlers({ 'GET /api/v1/organization/members/me': () => jsonResponse(fakeMe({ language: 'EN' })) }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/staking?wallet=${STAKE_WALLET_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Staking' })).toBeInTheDocument();
    expect(await screen.findByTestId('overview-claimable-hint')).toHaveTextContent(
      'Principal 1,024 IP + rewards 20.25 IP',
    );
    expect(screen.getByRole('img', { name: /Cumulative rewards/ })).toBeInTheDocument();
    const positions = within(await screen.findByTestId('wallet-positions'));
    expect(positions.getAllByTestId('position-state').map((badge) => badge.textContent)).toEqual(['Active', 'Bonding']);
    await user.click(positions.getByRole('button', { name: 'Unstake 2,048 IP from Aurora Node' }));
    expect(await screen.findByText(/unbonds for 14 days before it can be claimed/)).toBeInTheDocument();
  });

  it('lists a wallet’s positions; unstakes one up to its amount and opens the request made', async () => {
    const api = await fakeApi(
      stakingHandlers({
        [`POST ${STORY}/unstake-request`]: () => jsonResponse(requestView({ id: REQUEST_ID })),
        ...detailHandler(
          stakingRequest(
            {
              kind: 'STAKING_UNSTAKE',
              walletId: STAKE_WALLET_ID,
              blockchain: 'STORY_TESTNET',
              stakingProtocol: 'STORY_LOCKED_STAKING',
              validatorId: VALIDATOR_A,
              validatorName: 'Aurora Node',
              amount: '2048000000000000000000',
              positionId: POSITION_ID,
              delegationId: '7',
            },
            'STAKING_UNSTAKE',
          ),
        ),
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/staking');
    await user.click(await screen.findByRole('button', { name: 'Story Treasury의 포지션' }));
    const positions = within(await screen.findByTestId('wallet-positions'));
    const rows = positions.getAllByTestId('position-row');
    expect(rows.map((row) => row.dataset.positionId)).toEqual([POSITION_ID, LOCKED_POSITION_ID]);
    expect(within(rows[0] as HTMLElement).getByTestId('position-state')).toHaveTextContent('활성');
    // Asia/Seoul: midnight UTC is 9 in the morning.
    expect(within(rows[0] as HTMLElement).getByTestId('position-locked-until')).toHaveTextContent(
      '2026/04/02 09:00:00',
    );
    expect(within(rows[1] as HTMLElement).getByTestId('position-unstake')).toBeDisabled();

    await user.click(positions.getByRole('button', { name: 'Aurora Node에서 2,048 IP 언스테이킹' }));
    const dialog = within(await screen.findByTestId('unstake-form'));
    const amount = dialog.getByTestId('unstake-amount');
    await user.type(amount, '3000');
    await user.click(dialog.getByTestId('unstake-submit'));
    expect(await dialog.findByText('잔액이 부족합니다. 최대 2048 IP까지 입력할 수 있습니다.')).toBeInTheDocument();
    expect(api.callsTo('/unstake-request')).toHaveLength(0);

    await user.click(dialog.getByTestId('unstake-max'));
    expect(amount).toHaveValue('2048');
    await user.click(dialog.getByTestId('unstake-submit'));
    await waitFor(() => expect(api.callsTo('/unstake-request')).toHaveLength(1));
    expect(api.callsTo('/unstake-request')[0]?.body).toEqual({
      walletId: STAKE_WALLET_ID,
      positionId: POSITION_ID,
      amount: '2048',
    });
    const detail = await screen.findByTestId('request-detail');
    expect(detail).toHaveTextContent('Aurora Node에서 2,048 IP 언스테이킹');
  });

  it('claims a validator’s principal and rewards', async () => {
    const api = await fakeApi(
      stakingHandlers({
        [`POST ${STORY}/claim-request`]: () => jsonResponse(requestView({ id: REQUEST_ID })),
        ...detailHandler(
          stakingRequest(
            {
              kind: 'STAKING_CLAIM',
              walletId: STAKE_WALLET_ID,
              blockchain: 'STORY_TESTNET',
              stakingProtocol: 'STORY_LOCKED_STAKING',
              validatorId: VALIDATOR_A,
              validatorName: 'Aurora Node',
              principal: '1024000000000000000000',
              rewards: '20250000000000000000',
            },
            'STAKING_CLAIM',
          ),
        ),
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/staking?wallet=${STAKE_WALLET_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Aurora Node에서 1,044.25 IP 수령' }));
    const dialog = within(await screen.findByTestId('claim-summary'));
    expect(dialog.getByTestId('claim-principal')).toHaveTextContent('1,024 IP');
    expect(dialog.getByTestId('claim-rewards')).toHaveTextContent('20.25 IP');
    expect(dialog.getByTestId('claim-total')).toHaveTextContent('1,044.25 IP');
    await user.click(screen.getByTestId('claim-submit'));
    await waitFor(() => expect(api.callsTo('/claim-request')).toHaveLength(1));
    expect(api.callsTo('/claim-request')[0]?.body).toEqual({ walletId: STAKE_WALLET_ID, validatorId: VALIDATOR_A });
    expect(await screen.findByTestId('request-detail')).toHaveTextContent('Aurora Node에서 수령');
  });

  it('stakes: the validator fixes the token kind, locked tokens fix the period, the estimate and dates show first', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00Z'), toFake: ['Date'] });
    const api = await fakeApi(
      stakingHandlers({
        [`POST ${STORY}/stake-request`]: () => jsonResponse(requestView({ id: REQUEST_ID })),
        ...detailHandler(
          stakingRequest(
            {
              kind: 'STAKING_STAKE',
              walletId: STAKE_WALLET_ID,
              blockchain: 'STORY_TESTNET',
              stakingProtocol: 'STORY_LOCKED_STAKING',
              validatorId: VALIDATOR_A,
              validatorName: 'Aurora Node',
              amount: '4999500000000000000000',
              period: 'SHORT',
              tokenType: 'UNLOCKED',
            },
            'STAKING_STAKE',
          ),
        ),
      }),
    );
    try {
      const user = userEvent.setup();
      renderRoutes(routes, '/dashboard/staking');
      await user.click(await screen.findByTestId('staking-stake'));
      const form = within(await screen.findByTestId('stake-form'));
      expect(form.getByTestId('stake-summary-empty')).toBeInTheDocument();
      await waitFor(() => expect(form.getByTestId('stake-wallet')).toBeEnabled());
      await choose(user, form.getByTestId('stake-wallet'), /^Story Treasury/);

      // A validator taking locked tokens: the token kind is its own, and the period is flexible only.
      await waitFor(() => expect(form.getByTestId('stake-validator')).toBeEnabled());
      await choose(user, form.getByTestId('stake-validator'), /^Borealis Locked/);
      expect(form.getByTestId('stake-token-type')).toBeDisabled();
      expect(form.getByTestId('stake-token-type')).toHaveValue('잠긴 토큰');
      expect(form.getByTestId('stake-period')).toBeDisabled();
      expect(form.getByTestId('stake-period')).toHaveValue('자유형 · 잠금 없음 · 보상 ×1.00');
      // 6 % × 1.00 × 0.5 (locked), the commission already taken off by the validator's figure.
      expect(await form.findByTestId('stake-estimate')).toHaveTextContent('3.00%');

      await choose(user, form.getByTestId('stake-validator'), /^Aurora Node/);
      expect(form.getByTestId('stake-token-type')).toHaveValue('잠금 해제 토큰');
      await waitFor(() => expect(form.getByTestId('stake-period')).toBeEnabled());
      await choose(user, form.getByTestId('stake-period'), /^단기/);
      // 8 % × 1.10
      expect(form.getByTestId('stake-estimate')).toHaveTextContent('8.80%');
      // 2026-03-01 00:00 UTC + 1 day bonding + 90 days lock + 14 days unbonding, in Asia/Seoul.
      expect(form.getByTestId('stake-unbonding-date')).toHaveTextContent('2026/06/14 09:00:00');
      expect(form.getByTestId('stake-minimum')).toHaveTextContent('1,024 IP');

      const amount = form.getByTestId('stake-amount');
      await waitFor(() => expect(amount).toBeEnabled());
      await user.type(amount, '1000');
      await user.click(form.getByTestId('stake-submit'));
      expect(await form.findByText('최소 1024 IP 이상 입력해 주세요.')).toBeInTheDocument();
      expect(api.callsTo('/stake-request')).toHaveLength(0);

      await user.click(form.getByTestId('stake-max'));
      expect(amount).toHaveValue('4999.5');
      // 4999.5 × 8.80 % = 439.956
      expect(form.getByTestId('stake-estimate-amount')).toHaveTextContent('439.956 IP');
      await user.click(form.getByTestId('stake-submit'));
      await waitFor(() => expect(api.callsTo('/stake-request')).toHaveLength(1));
      expect(api.callsTo('/stake-request')[0]?.body).toEqual({
        walletId: STAKE_WALLET_ID,
        validatorId: VALIDATOR_A,
        period: 'SHORT',
        tokenType: 'UNLOCKED',
        amount: '4999.5',
      });
      expect(await screen.findByTestId('request-detail')).toHaveTextContent('Aurora Node에 4,999.5 IP 스테이킹');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a refused amount at its field, and any other refusal by its catalogue message', async () => {
    let answer = apiError('4000', 400, {
      issues: [{ path: 'body.amount', key: 'validation.staking.roundedToGwei', message: 'rounded' }],
    });
    const api = await fakeApi(stakingHandlers({ [`POST ${STORY}/stake-request`]: () => answer }));
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/staking?wallet=${STAKE_WALLET_ID}`);
    await user.click(await screen.findByTestId('wallet-stake'));
    const form = within(await screen.findByTestId('stake-form'));
    await waitFor(() => expect(form.getByTestId('stake-validator')).toBeEnabled());
    await choose(user, form.getByTestId('stake-validator'), /^Aurora Node/);
    await waitFor(() => expect(form.getByTestId('stake-amount')).toBeEnabled());
    await user.type(form.getByTestId('stake-amount'), '1024.0000000001');
    await user.click(form.getByTestId('stake-submit'));
    await waitFor(() => expect(api.callsTo('/stake-request')).toHaveLength(1));
    expect(await form.findByText('소수점 9자리까지 입력할 수 있습니다.')).toBeInTheDocument();

    answer = apiError('4012', 409);
    await user.click(form.getByTestId('stake-submit'));
    expect(await form.findByText('진행 중인 요청이 먼저 완료되어야 합니다.')).toBeInTheDocument();
    expect(form.getByText('스테이킹을 요청하지 못했습니다')).toBeInTheDocument();
  });
});
