export * from './accounts.js';
export * from './assets.js';
export * from './auth.js';
export * from './custody.js';
export * from './list-counts.js';
export * from './operator.js';
export * from './organization-access.js';
export * from './organizations.js';
