import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  testDb: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a real, migrated database, without logs or the web bundle. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database: testDb.database, logger: false, webDist: false });
  return {
    app,
    testDb,
    config,
    close: async () => {
      await app.close();
      await testDb.dispose();
    },
  };
}
