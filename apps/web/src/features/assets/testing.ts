import type { AssetActivity, TokenBalance, TokenInfo } from '@vaultline/contracts';

/** Answers of the balance and activity calls, for the screen tests of the assets feature. */

export const ACTIVITY_ID = '8d9e0f1a-2b3c-4d4e-9f5a-6b7c8d9e0f1a';
export const WALLET_ID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';

/** The Sepolia test network's coin, as both answers describe it. */
const SEPOLIA_ETH: TokenInfo = {
  tokenId: 'SEPOLIA.ETH',
  blockchain: 'SEPOLIA',
  symbol: 'ETH',
  name: 'Ether',
  type: 'NATIVE',
  decimals: 18,
  contractAddress: null,
};

export function activity(overrides: Partial<AssetActivity> = {}): AssetActivity {
  return {
    id: ACTIVITY_ID,
    walletId: WALLET_ID,
    walletName: 'Treasury',
    blockchain: 'SEPOLIA',
    token: SEPOLIA_ETH,
    activityType: 'DEPOSIT',
    transferType: 'TRANSFER',
    status: 'PENDING',
    amount: '1500000000000000000',
    txHash: '0x9f2c4a7e1b3d5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8',
    fromAddress: '0x1111111111111111111111111111111111111111',
    toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    counterparty: '0x1111111111111111111111111111111111111111',
    confirmations: 1,
    requiredConfirmations: 3,
    blockHeight: 120,
    createdAt: '2026-03-02T01:02:03.000Z',
    confirmedAt: null,
    ...overrides,
  };
}

export function balance(overrides: Partial<TokenBalance> = {}): TokenBalance {
  return {
    ...SEPOLIA_ETH,
    total: '0',
    withdrawable: '0',
    staked: '0',
    ...overrides,
  };
}
