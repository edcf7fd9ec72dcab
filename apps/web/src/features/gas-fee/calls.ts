/**
 * This feature's call. Fetched with its schemas (and zod's core) when it is first made, so the card draws without them
 * (GasFeeWalletsCard names it with `lazyCall`).
 */
export { gasFeeWalletListCall } from '@vaultline/contracts';
