export * from './auth.js';
export * from './system.js';
