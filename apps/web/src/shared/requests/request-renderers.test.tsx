import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { RequestView } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { requestView, WALLET_ID } from '../../test/custody-fixtures';
import { presentRequest, progressStepLabel, REQUEST_RENDERERS } from './request-renderers';

const en = { t: i18n.getFixedT('en'), lang: 'en' as const };

const withdrawal: RequestView = requestView({
  type: 'WITHDRAWAL',
  itemType: 'WITHDRAWAL',
  walletId: WALLET_ID,
  walletName: 'Treasury',
  content: {
    kind: 'WITHDRAWAL',
    walletId: WALLET_ID,
    blockchain: 'SEPOLIA',
    tokenId: 'SEPOLIA.ETH',
    amount: '1000',
    toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    addressBookId: '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
  },
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

  it('presents a type without an entry by its wallet and network, with the common progress labels', () => {
    expect(REQUEST_RENDERERS.WITHDRAWAL).toBeUndefined();
    const view = presentRequest(withdrawal, en);
    expect(view.title).toBe('Treasury');
    expect(view.facts.map((fact) => fact.label)).toEqual(['Network']);
    expect(progressStepLabel(withdrawal, 'SIGNING', en)).toBe('Signing');
  });

  it('lets a type plug in its own presentation and progress labels by adding an entry', () => {
    REQUEST_RENDERERS.WITHDRAWAL = {
      present: (request) => ({ title: `${request.content.amount} to ${request.content.toAddress}`, facts: [] }),
      progressLabel: (step) => (step === 'PROCESSING' ? 'Broadcast' : step),
    };
    try {
      expect(presentRequest(withdrawal, en).title).toBe('1000 to 0x52908400098527886E0F7030069857D2E4169EE7');
      expect(progressStepLabel(withdrawal, 'PROCESSING', en)).toBe('Broadcast');
    } finally {
      delete REQUEST_RENDERERS.WITHDRAWAL;
    }
  });
});
