// What the engine's crash tests share (withdrawal.crash.test.ts, staking.crash.test.ts): a seeded generator for the
// kill moments and a wallet made the product's way in an app that runs no engine. Test support only.
import { type Blockchain, familyOf } from '@vaultline/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../test/app.js';
import type { TestBrowser } from '../test/browser.js';
import type { CreatedWallet } from '../test/wallet-fixtures.js';
import { engineHandlers } from './engine.js';

export { seededRandom } from '../test/seeded-random.js';

/** A wallet created and approved through the API by `owner`, its creation job run here (the app has no engine). */
export async function walletCreatedHere(
  t: TestApp,
  owner: TestBrowser,
  orgId: string,
  blockchain: Blockchain,
  name: string,
): Promise<CreatedWallet> {
  const base = `/api/v1/organizations/wallet-creation/${familyOf(blockchain)}/${orgId}/wallet-creation-request`;
  const created = await owner.post(`${base}/create`, { blockchain, name });
  const requestId = created.json().id as string;
  const approved = await owner.post(`${base}/${requestId}/approve`, { otpCode: await owner.otp() });
  expect(approved.statusCode, approved.body).toBe(200);
  const handlers = engineHandlers({ db: t.testDb.database.db, config: t.config, log: t.app.log, now: t.clock.now });
  await handlers.get('wallet-creation')!({ requestId, organizationId: orgId });
  const r = (await owner.post(`/api/v1/organizations/requests/${requestId}`, {})).json();
  return (await owner.request('GET', `/api/v1/organizations/wallets/${r.walletId}`)).json() as CreatedWallet;
}
