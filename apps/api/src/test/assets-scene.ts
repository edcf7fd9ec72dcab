import type { TestApp } from './app.js';
import { createMember, createOrganization, grant, signIn } from './fixtures.js';
import { createWallet } from './wallet-fixtures.js';

/**
 * The organization the asset read tests share: an owner with wallets Alpha and Beta on Ethereum and Gamma on
 * Polygon, a member without WALLETS_VIEW who belongs to Alpha only, and the owner of another organization.
 */
export async function assetsScene(t: TestApp, organizationName: string) {
  const db = t.testDb.database.db;
  const orgId = (await createOrganization(db, organizationName)).id;
  const o = await createMember(db, t.config, { organizationId: orgId });
  const v = await createMember(db, t.config, { organizationId: orgId });
  const x = await createMember(db, t.config);
  await grant(db, o.id, ['OWNER']);
  await grant(db, x.id, ['OWNER']);
  const owner = await signIn(t, o);
  const viewer = await signIn(t, v);
  const outsider = await signIn(t, x);
  const alpha = await createWallet(owner, orgId, 'ETHEREUM', 'Alpha');
  const beta = await createWallet(owner, orgId, 'ETHEREUM', 'Beta');
  const gamma = await createWallet(owner, orgId, 'POLYGON', 'Gamma');
  const added = await owner.post(`/api/v1/organizations/wallets/${alpha.id}/members/add`, {
    memberId: v.id,
    role: 'MEMBER',
  });
  if (added.statusCode !== 200) throw new Error(`adding the viewer to Alpha failed: ${added.body}`);
  return { db, orgId, owner, viewer, outsider, alpha, beta, gamma };
}
