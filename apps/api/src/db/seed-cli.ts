import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from './open-configured.js';
import { DEMO, seedDemo } from './seed.js';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
const result = await seedDemo(database.db, config);
console.log(result.seeded ? `Demo organization "${DEMO.organizationName}" seeded.` : 'Database not empty: no seed.');
await database.close();
