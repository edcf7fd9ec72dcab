import { isValidAddress } from '@vaultline/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { TestBrowser as Browser } from '../../test/browser.js';
import { createMember, createOrganization, grant, signIn, type TestMember } from '../../test/fixtures.js';

let t: TestApp;
let orgId: string;
let owner: TestMember;
let maker: TestMember;
let approver: TestMember;
let groupie: TestMember;
let viewerless: TestMember;
const b = new Map<string, TestBrowser>();
const WC = (family: string) => `/api/v1/organizations/wallet-creation/${family}/${orgId}/wallet-creation-request`;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  const db = t.testDb.database.db;
  orgId = (await createOrganization(db, 'Wallet Org')).id;
  owner = await createMember(db, t.config, { organizationId: orgId });
  maker = await createMember(db, t.config, { organizationId: orgId });
  approver = await createMember(db, t.config, { organizationId: orgId });
  groupie = await createMember(db, t.config, { organizationId: orgId });
  viewerless = await createMember(db, t.config, { organizationId: orgId });
  await grant(db, owner.id, ['OWNER']);
  await grant(db, maker.id, ['WALLETS_CREATION']);
  for (const m of [owner, maker, approver, groupie, viewerless]) b.set(m.id, await signIn(t, m));
  // The organization's wallet-creation line: two steps, the second approved through a group.
  const group = await b
    .get(owner.id)!
    .post('/api/v1/organization/groups/create', { name: 'Signers', memberIds: [groupie.id] });
  const line = await b
    .get(owner.id)!
    .request('PATCH', '/api/v1/organizations/requests/wallet-creation/approval-line-templates/update', {
      steps: [
        { requiredApprovals: 1, approvers: [{ kind: 'MEMBER', memberId: approver.id }] },
        { requiredApprovals: 1, approvers: [{ kind: 'GROUP', groupId: group.json().id }] },
      ],
    });
  expect(line.statusCode, line.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

async function completed(browser: TestBrowser, requestId: string) {
  for (let i = 0; i < 60; i++) {
    const r = (await browser.post(`/api/v1/organizations/requests/${requestId}`, {})).json();
    if (r.status === 'COMPLETE' || r.status === 'FAILED') return r;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('request did not complete');
}

async function createAndApprove(family: string, blockchain: string, name: string, extra: Record<string, string> = {}) {
  const created = await b.get(maker.id)!.post(`${WC(family)}/create`, { blockchain, name, ...extra });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id as string;
  expect(created.json()).toMatchObject({
    status: 'CREATED',
    approval: { status: 'CREATED' },
    waitingFor: [approver.id],
  });
  const first = await b
    .get(approver.id)!
    .post(`${WC(family)}/${id}/approve`, { memo: 'ok', otpCode: await b.get(approver.id)!.otp() });
  expect(first.json()).toMatchObject({ approval: { status: 'STEP_APPROVED', step: 1 }, waitingFor: [groupie.id] });
  await b.get(groupie.id)!.post(`${WC(family)}/${id}/approve`, { otpCode: await b.get(groupie.id)!.otp() });
  return completed(b.get(maker.id)!, id);
}

describe('wallet creation through the approval line', () => {
  it('creates an EVM wallet with a checksummed address once both steps approve', async () => {
    const done = await createAndApprove('evm', 'ETHEREUM', 'Treasury');
    expect(done).toMatchObject({ status: 'COMPLETE', progress: 'COMPLETE', decisionStatus: 'APPROVED' });
    const list = await b.get(maker.id)!.post('/api/v1/organizations/wallets', {});
    const wallet = list.json().items.find((w: { name: string }) => w.name === 'Treasury');
    expect(wallet.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(wallet.address).not.toBe(wallet.address.toLowerCase());
    expect(isValidAddress('ETHEREUM', wallet.address)).toBe(true);
    expect(wallet).toMatchObject({ myRole: 'MANAGER', derivationPath: "m/44'/60'/0'/0/0" });
  });

  it('creates bitcoin (testnet), Solana and EOS-type wallets with their real formats', async () => {
    const btc = await createAndApprove('btc', 'BITCOIN_TESTNET', 'Cold BTC');
    const sol = await createAndApprove('sol', 'SOLANA', 'SOL ops');
    const eos = await createAndApprove('eosio', 'BIZAUTO', 'Biz main', { accountName: 'vaultline123' });
    const wallets = (await b.get(maker.id)!.post('/api/v1/organizations/wallets', { size: 50 })).json().items as {
      name: string;
      address: string;
      blockchain: string;
    }[];
    const by = (n: string) => wallets.find((w) => w.name === n)!;
    expect(btc.status).toBe('COMPLETE');
    expect(by('Cold BTC').address).toMatch(/^tb1q/);
    expect(isValidAddress('SOLANA', by('SOL ops').address)).toBe(true);
    expect(sol.status).toBe('COMPLETE');
    expect(eos.status).toBe('COMPLETE');
    expect(by('Biz main').address).toBe('vaultline123');
    const taken = await b
      .get(maker.id)!
      .request(
        'GET',
        `/api/v1/organizations/wallet-creation/eosio/${orgId}/validate-account-name?accountName=vaultline123&blockchain=BIZAUTO`,
      );
    expect(taken.json()).toEqual({ accountName: 'vaultline123', valid: true, available: false });
    const again = await b.get(maker.id)!.post(`${WC('eosio')}/create`, {
      blockchain: 'BIZAUTO',
      name: 'Biz second',
      accountName: 'vaultline123',
    });
    expect(again.json()).toMatchObject({ code: '4109', data: { accountName: 'vaultline123' } });
    const search = await b.get(maker.id)!.post('/api/v1/organizations/wallets', { filters: { search: 'vaultline1' } });
    expect(search.json().items.map((w: { name: string }) => w.name)).toEqual(['Biz main']);
  });

  it('refuses duplicate and malformed names (4006, 1, 2) and creation without WALLETS_CREATION', async () => {
    const maker$ = b.get(maker.id)!;
    expect((await maker$.post(`${WC('evm')}/create`, { blockchain: 'ETHEREUM', name: 'treasury' })).json().code).toBe(
      '4006',
    );
    expect((await maker$.post(`${WC('evm')}/create`, { blockchain: 'ETHEREUM', name: 'bad<name>' })).json().code).toBe(
      '1',
    );
    expect(
      (await maker$.post(`${WC('evm')}/create`, { blockchain: 'ETHEREUM', name: 'x'.repeat(51) })).json().code,
    ).toBe('2');
    expect((await maker$.post(`${WC('evm')}/create`, { blockchain: 'BITCOIN', name: 'Mismatch' })).statusCode).toBe(
      400,
    );
    expect(
      (await b.get(approver.id)!.post(`${WC('evm')}/create`, { blockchain: 'ETHEREUM', name: 'Nope' })).statusCode,
    ).toBe(403);
    expect(
      (await new Browser(t.app).post(`${WC('evm')}/create`, { blockchain: 'ETHEREUM', name: 'Nope' })).statusCode,
    ).toBe(401);
  });

  it('lets each person decide once, rejects on one rejection, and lets the initiator cancel', async () => {
    const created = await b.get(maker.id)!.post(`${WC('evm')}/create`, { blockchain: 'BASE', name: 'Rejected one' });
    const id = created.json().id as string;
    expect(
      (await b.get(groupie.id)!.post(`${WC('evm')}/${id}/approve`, { otpCode: await b.get(groupie.id)!.otp() }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await b.get(approver.id)!.post(`${WC('evm')}/${id}/approve`, { otpCode: await b.get(approver.id)!.otp() })
      ).json().approval.step,
    ).toBe(1);
    expect(
      (
        await b.get(approver.id)!.post(`${WC('evm')}/${id}/approve`, { otpCode: await b.get(approver.id)!.otp() })
      ).json().code,
    ).toBe('4107');
    const rejected = await b
      .get(groupie.id)!
      .post(`${WC('evm')}/${id}/reject`, { memo: 'not needed', otpCode: await b.get(groupie.id)!.otp() });
    expect(rejected.json()).toMatchObject({ decisionStatus: 'REJECTED', waitingFor: [] });
    expect(
      (await b.get(groupie.id)!.post(`${WC('evm')}/${id}/approve`, { otpCode: await b.get(groupie.id)!.otp() })).json()
        .code,
    ).toBe('4108');

    const other = await b.get(maker.id)!.post(`${WC('evm')}/create`, { blockchain: 'BASE', name: 'Canceled one' });
    expect((await b.get(approver.id)!.post(`${WC('evm')}/${other.json().id}/cancel`, {})).statusCode).toBe(403);
    expect((await b.get(maker.id)!.post(`${WC('evm')}/${other.json().id}/cancel`, {})).json().decisionStatus).toBe(
      'CANCELED',
    );
  });

  it('shows wallets by permission and hides other organizations', async () => {
    const mine = (await b.get(viewerless.id)!.post('/api/v1/organizations/wallets', {})).json();
    expect(mine).toMatchObject({ items: [], partial: true });
    const all = (await b.get(owner.id)!.post('/api/v1/organizations/wallets', { size: 50 })).json();
    expect(all.partial).toBe(false);
    const treasury = all.items.find((w: { name: string }) => w.name === 'Treasury');
    expect(
      (await b.get(viewerless.id)!.request('GET', `/api/v1/organizations/wallets/${treasury.id}`)).statusCode,
    ).toBe(404);

    const outsider = await createMember(t.testDb.database.db, t.config);
    await grant(t.testDb.database.db, outsider.id, ['OWNER']);
    const ob = await signIn(t, outsider);
    expect((await ob.post('/api/v1/organizations/wallets', {})).json().items).toEqual([]);
    expect((await ob.request('GET', `/api/v1/organizations/wallets/${treasury.id}`)).statusCode).toBe(404);
    expect((await ob.post(`${WC('evm')}/create`, { blockchain: 'ETHEREUM', name: 'Theirs' })).statusCode).toBe(404);
    const count = await b.get(approver.id)!.post('/api/v1/organizations/requests/actionable-count', {});
    expect(count.json()).toEqual({ count: 0 });
  });
});
