/**
 * What a wallet creation of an organization whose policy keeps new wallets cold waits for, in its request's
 * `result.awaiting`: the engine (wallet-creation) sets it, the signing queue's wallet keys read and clear it.
 */
export const COLD_ACCOUNT_KEY = 'COLD_ACCOUNT_KEY';
