export * from './organizations.js';
