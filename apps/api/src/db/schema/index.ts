export * from './accounts.js';
export * from './auth.js';
export * from './organizations.js';
