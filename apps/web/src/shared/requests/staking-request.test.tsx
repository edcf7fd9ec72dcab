import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { RequestContentOf, RequestView } from '@vaultline/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { REQUEST_ID, requestView, WALLET_ID } from '../../test/custody-fixtures';
import { fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/render';
import { presentRequest } from './request-renderers';
import { sendStakingDecision } from './staking-request';

const en = { t: i18n.getFixedT('en'), lang: 'en' as const };
const ko = { t: i18n.getFixedT('ko'), lang: 'ko' as const };
const VALIDATOR = `0x02${'a1'.repeat(32)}`;
const position = {
  walletId: WALLET_ID,
  blockchain: 'STORY_TESTNET' as const,
  stakingProtocol: 'STORY_LOCKED_STAKING' as const,
  validatorId: VALIDATOR,
  validatorName: 'Aurora Node',
};

type StakingContent = RequestContentOf<'STAKING_STAKE' | 'STAKING_UNSTAKE' | 'STAKING_CLAIM'>;

function staking(content: StakingContent, overrides: Partial<RequestView> = {}): RequestView {
  return requestView({
    type: 'STAKING',
    itemType: content.kind,
    walletId: WALLET_ID,
    walletName: 'Story Treasury',
    content,
    ...overrides,
  });
}

const stake = staking({
  kind: 'STAKING_STAKE',
  ...position,
  amount: '1024500000000000000000',
  period: 'MEDIUM',
  tokenType: 'UNLOCKED',
  feeReserve: '10000000000000000',
});

function renderFacts(view: ReturnType<typeof presentRequest>) {
  render(
    <MantineProvider>
      {view.facts.map((fact) => (
        <div key={fact.label}>{fact.value}</div>
      ))}
    </MantineProvider>,
  );
}

describe('staking request renderers', () => {
  afterEach(() => vi.restoreAllMocks());

  it('presents a stake: validator, period, token kind, amount, fee reserve and its transaction', () => {
    const view = presentRequest(
      {
        ...stake,
        execution: {
          lifecycle: 'COMPLETED',
          txHash: `0x${'ab'.repeat(32)}`,
          explorerUrl: 'https://aeneid.storyscan.io/tx/0xabab',
          failureCode: null,
          feePaid: '21000000000000',
        },
      },
      en,
    );
    expect(view.title).toBe('Stake 1,024.5 IP with Aurora Node');
    expect(view.facts.map((fact) => fact.label)).toEqual([
      'Network',
      'Wallet',
      'Validator',
      'Period',
      'Token kind',
      'Amount',
      'Fee reserve',
      'Transaction',
      'Transaction hash',
      'Network fee paid',
    ]);
    expect(view.outcome?.COMPLETE).toBe('The staking transaction was confirmed on the network.');
    renderFacts(view);
    expect(screen.getByTestId('staking-period')).toHaveTextContent('Medium');
    expect(screen.getByTestId('staking-token-type')).toHaveTextContent('Unlocked tokens');
    expect(screen.getByTestId('staking-amount')).toHaveTextContent('1,024.5 IP');
    expect(screen.getByTestId('staking-fee-reserve')).toHaveTextContent('0.01 IP');
    expect(screen.getByTestId('staking-lifecycle')).toHaveTextContent('Confirmed');
    expect(screen.getByRole('link')).toHaveAttribute('href', 'https://aeneid.storyscan.io/tx/0xabab');
  });

  it('presents an unstake and a claim, in Korean too', () => {
    const unstake = staking({
      kind: 'STAKING_UNSTAKE',
      ...position,
      amount: '2048000000000000000000',
      positionId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      delegationId: '7',
    });
    expect(presentRequest(unstake, en).title).toBe('Unstake 2,048 IP from Aurora Node');
    const unstakeKo = presentRequest(unstake, ko);
    expect(unstakeKo.title).toBe('Aurora Node에서 2,048 IP 언스테이킹');
    expect(unstakeKo.facts.map((fact) => fact.label)).toEqual(['네트워크', '지갑', '검증인', '수량', '위임 ID']);

    const claim = staking({
      kind: 'STAKING_CLAIM',
      ...position,
      validatorName: undefined,
      principal: '1024000000000000000000',
      rewards: '20250000000000000000',
    });
    const view = presentRequest(claim, ko);
    // No frozen name: the validator's key, shortened.
    expect(view.title).toBe('0x02a1a1…a1a1a1에서 수령');
    renderFacts(view);
    expect(screen.getByTestId('staking-principal')).toHaveTextContent('1,024 IP');
    expect(screen.getByTestId('staking-rewards')).toHaveTextContent('20.25 IP');
  });

  it('says why a claim has no transaction, in English and Korean', () => {
    const claim = staking({ kind: 'STAKING_CLAIM', ...position, principal: '1024000000000000000000', rewards: '1' });
    const view = presentRequest(claim, en);
    expect(view.facts.map((fact) => fact.label)).toEqual([
      'Network',
      'Wallet',
      'Validator',
      'Unbonded principal',
      'Rewards',
      'Transaction',
    ]);
    expect(view.outcome?.COMPLETE).toBe('The claim was booked. The network’s consensus layer pays it into the wallet.');
    renderFacts(view);
    expect(screen.getByTestId('staking-no-transaction')).toHaveTextContent(/^None sent from the wallet\./);
    expect(screen.queryByTestId('staking-lifecycle')).toBeNull();
    expect(presentRequest(claim, ko).facts.at(-1)?.label).toBe('트랜잭션');
  });

  it('sends stake and unstake decisions to the stake-request calls and claims to the claim-request calls', async () => {
    const base = '/api/v1/organizations/staking/story';
    const answer = () => jsonResponse(stake);
    const api = await fakeApi({
      [`POST ${base}/stake-request/approve`]: answer,
      [`POST ${base}/stake-request/reject`]: answer,
      [`POST ${base}/stake-request/cancel`]: answer,
      [`POST ${base}/claim-request/approve`]: answer,
      [`POST ${base}/claim-request/cancel`]: answer,
    });
    const code = async () => 'encrypted';
    await sendStakingDecision(stake, 'approve', { memo: 'ok' }, code);
    await sendStakingDecision({ ...stake, itemType: 'STAKING_UNSTAKE' }, 'reject', {}, code);
    await sendStakingDecision(stake, 'cancel', {}, code);
    const claim = { ...stake, itemType: 'STAKING_CLAIM' as const };
    await sendStakingDecision(claim, 'approve', {}, code);
    await sendStakingDecision(claim, 'cancel', { memo: 'no' }, code);
    const sent = api.calls.filter((c) => c.path.startsWith(base)).map((c) => [c.path.slice(base.length), c.body]);
    expect(sent).toEqual([
      ['/stake-request/approve', { memo: 'ok', requestId: REQUEST_ID, otpCode: 'encrypted' }],
      ['/stake-request/reject', { requestId: REQUEST_ID, otpCode: 'encrypted' }],
      ['/stake-request/cancel', { requestId: REQUEST_ID }],
      ['/claim-request/approve', { requestId: REQUEST_ID, otpCode: 'encrypted' }],
      ['/claim-request/cancel', { memo: 'no', requestId: REQUEST_ID }],
    ]);
  });
});
