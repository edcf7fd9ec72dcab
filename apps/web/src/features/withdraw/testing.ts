import type { WithdrawalPreview } from '@vaultline/contracts';

/** Test-only: a preview of 2.5 ETH withdrawable on Sepolia, no approval steps, for the withdraw form's tests. */
export function samplePreview(overrides: Partial<WithdrawalPreview> = {}): WithdrawalPreview {
  return {
    walletId: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
    token: { tokenId: 'SEPOLIA.ETH', symbol: 'ETH', decimals: 18 },
    minimum: '0.000000000000000001',
    balance: '2.5',
    locked: '0',
    staked: '0',
    withdrawable: '2.5',
    maxAmount: '2.499',
    fee: {
      tokenId: 'SEPOLIA.ETH',
      symbol: 'ETH',
      reserve: '0.001',
      estimate: '0.000021',
      available: '2.5',
      covered: true,
    },
    memoSupported: false,
    approval: { canRequest: true, exempt: false, steps: [] },
    ...overrides,
  };
}
