export * from './accounts.js';
export * from './organizations.js';
