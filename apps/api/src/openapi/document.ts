import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { loadRsaKeyring } from '../security/rsa.js';

export const OPENAPI_PATH = new URL('../../openapi.json', import.meta.url);

/** The OpenAPI document as committed: generated from the registered routes, stable key order. */
export async function generateOpenApiDocument(): Promise<string> {
  const database = await openDatabase({ memory: true });
  // The document needs the routes only: no engine (whose start reads the database, which is not migrated here).
  const config = loadConfig({ ENGINE: 'off' });
  const keyring = loadRsaKeyring(config, { persist: false });
  const app = await buildApp({ config, database, logger: false, webDist: false, keyring });
  try {
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
  }
}
