// Transaction builders (pure) and signers of every chain family.

export * from './btc.js';
export * from './eosio.js';
export * from './evm.js';
export * from './keys.js';
export * from './sol.js';
export * from './sol-nonce.js';
export * from './story-staking.js';
export * from './types.js';
