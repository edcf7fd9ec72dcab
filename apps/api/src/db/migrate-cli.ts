import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from './open-configured.js';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
console.log(`Migrations applied (${database.kind}).`);
await database.close();
