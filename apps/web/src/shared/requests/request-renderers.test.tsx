import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { RequestContentOf, RequestView } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { requestView, WALLET_ID } from '../../test/custody-fixtures';
import { presentRequest, progressStepLabel, REQUEST_RENDERERS } from './request-renderers';

const en = { t: i18n.getFixedT('en'), lang: 'en' as const };

const content: RequestContentOf<'WITHDRAWAL'> = {
  kind: 'WITHDRAWAL',
  walletId: WALLET_ID,
  blockchain: 'SEPOLIA',
  tokenId: 'SEPOLIA.ETH',
  amount: '1000',
  toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  addressBookId: '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
};
const withdrawal: RequestView = requestView({
  type: 'WITHDRAWAL',
  itemType: 'WITHDRAWAL',
  walletId: WALLET_ID,
  walletName: 'Treasury',
  content,
});

describe('request renderers', () => {
  it('presents a wallet creation by its entry: the new wallet, its network and account, and where it leads', () => {
    const request = requestView({
      walletId: WALLET_ID,
      content: {
        kind: 'WALLET_CREATION',
        name: 'EOS ops',
        blockchain: 'BIZAUTO',
        family: 'eosio',
        accountName: 'vaultline123',
      },
    });
    const view = presentRequest(request, en);
    expect(view.title).toBe('EOS ops');
    expect(view.facts.map((fact) => fact.label)).toEqual(['Network', 'Account name']);
    expect(view.completedLink).toMatchObject({ label: 'Open wallet', testId: 'open-wallet' });
    render(<MantineProvider>{view.facts[1]?.value}</MantineProvider>);
    expect(screen.getByText('vaultline123')).toBeInTheDocument();
  });

  it('presents a withdrawal: amount and destination, wallet, token, fee reserve and its transaction', () => {
    const request: RequestView = {
      ...withdrawal,
      content: { ...content, amount: '1500000000000000000', feeReserve: '1000000000000000', memo: 'tag' },
      execution: {
        lifecycle: 'COMPLETED',
        txHash: `0x${'ab'.repeat(32)}`,
        explorerUrl: 'https://sepolia.etherscan.io/tx/0xabab',
        failureCode: null,
        feePaid: '21000000000000',
      },
    };
    const { addressBookId } = content;
    expect(presentRequest(request, en).title).toBe('1.5 ETH to 0x529084…169EE7');
    const named = presentRequest(request, {
      ...en,
      destinationName: (id) => (id === addressBookId ? 'Cold' : undefined),
    });
    expect(named.title).toBe('1.5 ETH to Cold');
    expect(named.facts.map((fact) => fact.label)).toEqual([
      'Network',
      'From wallet',
      'Token',
      'Amount',
      'Destination',
      'Transfer memo',
      'Fee reserve',
      'Transaction',
      'Transaction hash',
      'Network fee paid',
    ]);
    expect(named.outcome?.COMPLETE).toBe('The withdrawal was confirmed on the network.');
    render(
      <MantineProvider>
        {named.facts.map((fact) => (
          <div key={fact.label}>{fact.value}</div>
        ))}
      </MantineProvider>,
    );
    expect(screen.getByTestId('withdrawal-fee-reserve')).toHaveTextContent('0.001 ETH');
    expect(screen.getByTestId('withdrawal-lifecycle')).toHaveTextContent('Confirmed');
    expect(screen.getByRole('link')).toHaveAttribute('href', 'https://sepolia.etherscan.io/tx/0xabab');
    expect(screen.getByTestId('withdrawal-fee-paid')).toHaveTextContent('0.000021 ETH');
    expect(progressStepLabel(request, 'SIGNING', en)).toBe('Signing');
  });

  it("shows a withdrawal's failure from the error catalogue, in Korean too", () => {
    const failed: RequestView = {
      ...withdrawal,
      status: 'FAILED',
      execution: {
        lifecycle: 'CANCELED_AFTER_EXECUTING',
        txHash: null,
        explorerUrl: null,
        failureCode: '5103',
        feePaid: null,
      },
    };
    const ko = { t: i18n.getFixedT('ko'), lang: 'ko' as const };
    const view = presentRequest(failed, ko);
    expect(view.title).toBe('0x529084…169EE7에 0.000000000000001 ETH 출금');
    render(
      <MantineProvider>
        {view.facts.map((fact) => (
          <div key={fact.label}>{fact.value}</div>
        ))}
      </MantineProvider>,
    );
    expect(screen.getByTestId('withdrawal-failure')).toHaveTextContent('이름이 일치하지 않습니다.');
    expect(screen.getByTestId('withdrawal-lifecycle')).toHaveTextContent('실행 중 취소');
  });

  it('presents a type without an entry by its wallet and network, with the common progress labels', () => {
    const stake = requestView({
      type: 'STAKING',
      itemType: 'STAKING_CLAIM',
      walletId: WALLET_ID,
      walletName: 'Staking',
      content: {
        kind: 'STAKING_CLAIM',
        walletId: WALLET_ID,
        blockchain: 'SEPOLIA',
        stakingProtocol: 'STORY_LOCKED_STAKING',
        validatorId: 'v1',
      },
    });
    const saved = REQUEST_RENDERERS.STAKING_CLAIM;
    delete REQUEST_RENDERERS.STAKING_CLAIM;
    try {
      const view = presentRequest(stake, en);
      expect(view.title).toBe('Staking');
      expect(view.facts.map((fact) => fact.label)).toEqual(['Network']);
      expect(progressStepLabel(stake, 'SIGNING', en)).toBe('Signing');
    } finally {
      REQUEST_RENDERERS.STAKING_CLAIM = saved;
    }
  });

  it('lets a type plug in its own presentation and progress labels by adding an entry', () => {
    const saved = REQUEST_RENDERERS.WITHDRAWAL;
    REQUEST_RENDERERS.WITHDRAWAL = {
      present: (request) => ({ title: `${request.content.amount} to ${request.content.toAddress}`, facts: [] }),
      progressLabel: (step) => (step === 'PROCESSING' ? 'Broadcast' : step),
    };
    try {
      expect(presentRequest(withdrawal, en).title).toBe('1000 to 0x52908400098527886E0F7030069857D2E4169EE7');
      expect(progressStepLabel(withdrawal, 'PROCESSING', en)).toBe('Broadcast');
    } finally {
      REQUEST_RENDERERS.WITHDRAWAL = saved;
    }
  });
});
