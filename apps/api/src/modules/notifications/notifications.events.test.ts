import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { type DevnetEngine, devnetEngine } from '../../test/devnet.js';
import { createMember, createOrganization, grant, signIn, type TestMember } from '../../test/fixtures.js';
import { createWallet } from '../../test/wallet-fixtures.js';
import { walletsRepository } from '../wallets/wallets.repository.js';

// The chain's and the sign-in's notifications: a confirmed deposit tells the wallet's members (not others of the
// organization), a newly verified sign-in address tells its account.
let t: TestApp;
let engine: DevnetEngine;
let orgId: string;
let ownerMember: TestMember;
let owner: TestBrowser;
let walletMember: TestBrowser;
let bystander: TestBrowser;
let operator: TestBrowser;
const db = () => t.testDb.database.db;
const kindsOf = async (browser: TestBrowser) =>
  (await browser.post('/api/v1/notifications', { page: 1, size: 50 })).json().items as {
    kind: string;
    data: Record<string, unknown>;
  }[];

beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT_FACTOR: '20',
    DEVNET_BLOCK_MS: '0',
    DEVNET_CONFIRMATIONS: '1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vaultline-notices-')),
  });
  orgId = (await createOrganization(db(), 'Deposits told')).id;
  ownerMember = await createMember(db(), t.config, { organizationId: orgId });
  await grant(db(), ownerMember.id, ['OWNER']);
  owner = await signIn(t, ownerMember);
  const m = await createMember(db(), t.config, { organizationId: orgId });
  walletMember = await signIn(t, m);
  const b = await createMember(db(), t.config, { organizationId: orgId });
  await grant(db(), b.id, ['WALLETS_VIEW']);
  bystander = await signIn(t, b);
  operator = await signIn(t, await createMember(db(), t.config, { kind: 'OPERATOR' }));
  engine = devnetEngine({ db: db(), config: t.config, log: t.app.log, now: t.clock.now });
  const wallet = await createWallet(owner, orgId, 'BITCOIN_TESTNET', 'Told vault');
  await walletsRepository(db(), orgId).addMember(wallet.id, m.id, 'MEMBER', new Date());
  // A deposit to it, confirmed.
  const sent = await operator.post('/api/v1/operations/devnet/deposits', {
    blockchain: 'BITCOIN_TESTNET',
    toAddress: wallet.address,
    amount: '0.25',
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await engine.watch();
  await engine.produceBlocks();
  await engine.watch();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('deposit and sign-in notifications', () => {
  it("tells the wallet's members of a confirmed deposit, with its amount; not the rest of the organization", async () => {
    const told = (await kindsOf(walletMember)).filter((n) => n.kind === 'DEPOSIT_RECEIVED');
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({
      walletName: 'Told vault',
      tokenId: 'BITCOIN_TESTNET.BTC',
      amount: '25000000',
    });
    // The owner asked for the wallet, so manages it: told too. Someone who only sees wallets is not.
    expect((await kindsOf(owner)).some((n) => n.kind === 'DEPOSIT_RECEIVED')).toBe(true);
    expect((await kindsOf(bystander)).some((n) => n.kind === 'DEPOSIT_RECEIVED')).toBe(false);
  });

  it('tells an account that a new sign-in address was verified, by mail too', async () => {
    const member = await createMember(db(), t.config, { organizationId: orgId, verifiedIps: ['127.0.0.1'] });
    const browser = new TestBrowser(t.app, '203.0.113.9');
    expect((await browser.login(member.email, member.password)).json().result).toBe('NEED_IP_VERIFICATION');
    const mail = await t.mailbox.waitFor((m) => m.to.includes(member.email) && m.text.includes('mode=verify-ip'));
    const link = new URL(mail.text.match(/https?:\/\/\S+mode=\S+/)![0]);
    const verified = await browser.post(
      `/api/v1/organization/members/${member.id}/login-ips/${link.searchParams.get('loginIpId')}/verify`,
      { code: link.searchParams.get('code') },
    );
    expect(verified.json()).toEqual({ ok: true, ip: '203.0.113.9' });
    const signedIn = await signIn(t, member, '203.0.113.9');
    const [latest] = await kindsOf(signedIn);
    expect(latest).toMatchObject({ kind: 'NEW_IP_SIGN_IN', data: { ip: '203.0.113.9' } });
    const notice = await t.mailbox.waitFor(
      (m) => m.to.includes(member.email) && m.subject === '새 IP 주소에서 계정에 로그인했습니다',
      15_000,
    );
    expect(notice.text).toContain('203.0.113.9');
  });
});
