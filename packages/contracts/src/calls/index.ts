export * from './approvals.js';
export * from './assets.js';
export * from './auth.js';
export * from './operator.js';
export * from './organization.js';
export * from './system.js';
export * from './tokens.js';
export * from './wallets.js';
