export * from './auth.js';
export * from './organization.js';
export * from './system.js';
