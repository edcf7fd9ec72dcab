import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { setBalance } from '../../test/asset-fixtures.js';
import { ETH, WD, type WithdrawalScene, withdrawalScene } from './withdrawal-scene.js';

/**
 * 4012: a wallet whose withdrawals are in flight keeps the line they were frozen with and the people standing in
 * them until they end; other changes to the wallet go on.
 */
let t: TestApp;
let s: WithdrawalScene;
const EN = { headers: { 'accept-language': 'en' } };

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '50', DEVNET_BLOCK_MS: '0', CHAIN_SWEEP_MS: '0' });
  s = await withdrawalScene(t, 'Withdraw Pending');
  await setBalance(t.testDb.database.db, s.orgId, s.alpha, 'ETHEREUM.ETH', { total: ETH(5n).toString() });
});
afterAll(async () => {
  await t?.close();
});

const linePath = () => `/api/v1/organizations/requests/${s.alpha.id}/approval-line-templates`;
const membersPath = () => `/api/v1/organizations/wallets/${s.alpha.id}/members`;

async function memberIdOf(email: string): Promise<string> {
  const list = await s.owner.post(membersPath(), { page: 1, size: 50 });
  return list.json().items.find((m: { email: string }) => m.email === email).id;
}

describe('pending withdrawals block changes that would orphan them (4012)', () => {
  it('refuses a line change and removing the requester while one is pending, allows both after it ends', async () => {
    const created = await s.requester.post(`${WD('evm')}/create`, {
      walletId: s.alpha.id,
      tokenId: 'ETHEREUM.ETH',
      addressBookId: s.entryId,
      amount: '1',
    });
    expect(created.statusCode, created.body).toBe(200);
    const line = (await s.owner.request('GET', linePath())).json();
    const template = {
      creation: line.creation.map((c: { kind: string; id: string }) => ({ kind: 'MEMBER', memberId: c.id })),
      steps: [{ requiredApprovals: 1, approvers: [{ kind: 'MEMBER', memberId: line.steps[0].approvers[0].id }] }],
    };
    const changed = await s.owner.request('POST', linePath(), template, EN);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: '4012', message: 'Pending requests must be completed first.' });

    const requesterEmail = created.json().initiator.email as string;
    const requesterMember = await memberIdOf(requesterEmail);
    const removed = await s.owner.request('DELETE', `${membersPath()}/remove`, { walletMemberId: requesterMember });
    expect(removed.json().code).toBe('4012');
    // Someone with no part in the request may still leave.
    const members = (await s.owner.post(membersPath(), { page: 1, size: 50 })).json().items;
    const bystander = members.find(
      (m: { email: string; role: string }) => m.role === 'MEMBER' && m.email !== requesterEmail,
    );
    const gone = await s.owner.request('DELETE', `${membersPath()}/remove`, { walletMemberId: bystander.id });
    expect(gone.statusCode, gone.body).toBe(200);

    expect((await s.requester.post(`${WD('evm')}/cancel`, { requestId: created.json().id })).statusCode).toBe(200);
    const after = await s.owner.request('POST', linePath(), template, EN);
    expect(after.statusCode, after.body).toBe(200);
    const removedAfter = await s.owner.request('DELETE', `${membersPath()}/remove`, {
      walletMemberId: requesterMember,
    });
    expect(removedAfter.statusCode, removedAfter.body).toBe(200);
  });
});
