/**
 * The devnet's engine side, for tests of modules that need blocks mined and deposits watched: the test harness
 * composes modules and the engine as the server does; module code itself never imports the engine.
 */
export { watcherRepository } from '../engine/devnet/activities.repository.js';
export { type DevnetEngine, devnetEngine } from '../engine/devnet/devnet-engine.js';
export { chainSweeper } from '../engine/transactions/sweeper.js';
