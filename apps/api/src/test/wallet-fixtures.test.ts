import { isValidAddress } from '@vaultline/chains';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import { createMember, createOrganization, grant, signIn } from './fixtures.js';
import { createWallet } from './wallet-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
});
afterAll(async () => {
  await t?.close();
});

it('creates a wallet through the default line and the engine', async () => {
  const db = t.testDb.database.db;
  const org = await createOrganization(db);
  const owner = await createMember(db, t.config, { organizationId: org.id });
  await grant(db, owner.id, ['OWNER']);
  const wallet = await createWallet(await signIn(t, owner), org.id, 'SEPOLIA', 'Fixture');
  expect(wallet).toMatchObject({ name: 'Fixture', blockchain: 'SEPOLIA' });
  expect(isValidAddress('SEPOLIA', wallet.address)).toBe(true);
});
