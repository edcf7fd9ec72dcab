import { encryptAtRest } from '../security/at-rest.js';
import { VASP_SECRET_CONTEXT } from '../security/trp-signature.js';
import { DEMO_COUNTERPARTY, demoCounterpartyEndpoint } from '../travel-rule/counterparty-demo.js';
import type { Db } from './client.js';
import { vasps } from './schema/index.js';

/**
 * The VASP directory row of the local counterparty VASP (`npm start` runs it beside the server outside production),
 * with the key the two share; only when missing, so a rerun or an operator's own edits change nothing.
 */
export async function seedDemoVasp(db: Db, masterKey: string): Promise<void> {
  await db
    .insert(vasps)
    .values({
      name: DEMO_COUNTERPARTY.name,
      endpoint: demoCounterpartyEndpoint(Number(process.env.COUNTERPARTY_VASP_PORT) || DEMO_COUNTERPARTY.port),
      keyId: DEMO_COUNTERPARTY.keyId,
      secretEnc: encryptAtRest(DEMO_COUNTERPARTY.secret, masterKey, VASP_SECRET_CONTEXT),
    })
    .onConflictDoNothing();
}
