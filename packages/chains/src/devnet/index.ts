// The local devnet and the chain-adapter ports a real node adapter implements; no I/O here.
export * from './devnet-adapter.js';
export * from './faucet.js';
export * from './formats.js';
export * from './memory-ledger.js';
export * from './ports.js';
export * from './verify.js';
