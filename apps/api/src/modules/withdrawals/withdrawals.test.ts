import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBookEntries, travelRuleInquiries } from '../../db/schema/index.js';
import { INDIVIDUAL, insertVasp } from '../../test/address-book-fixtures.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { setBalance } from '../../test/asset-fixtures.js';
import { TestBrowser as Browser } from '../../test/browser.js';
import { balanceOf, ETH, EVM_FEE_RESERVE, WD, type WithdrawalScene, withdrawalScene } from './withdrawal-scene.js';

/** Creation rules and codes, access, and the hold on the balance through rejection, cancellation and races. */
let t: TestApp;
let s: WithdrawalScene;
const EN = { headers: { 'accept-language': 'en' } };

beforeAll(async () => {
  // No sweeps: requests here never reach a chain; the devnet test covers execution.
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '50', DEVNET_BLOCK_MS: '0', CHAIN_SWEEP_MS: '0' });
  s = await withdrawalScene(t, 'Withdraw Rules');
});
afterAll(async () => {
  await t?.close();
});

const fund = (total: bigint, locked = 0n) =>
  setBalance(t.testDb.database.db, s.orgId, s.alpha, 'ETHEREUM.ETH', {
    total: total.toString(),
    locked: locked.toString(),
  });
const body = (over: Record<string, unknown> = {}) => ({
  walletId: s.alpha.id,
  tokenId: 'ETHEREUM.ETH',
  addressBookId: s.entryId,
  amount: '1',
  ...over,
});
const create = (over: Record<string, unknown> = {}, who = s.requester, family = 'evm') =>
  who.request('POST', `${WD(family)}/create`, body(over), EN);

describe('withdrawal creation rules', () => {
  it('checks the amount in the spec order, each with its catalogue message', async () => {
    await fund(ETH(5n));
    const cases: [string, string][] = [
      ['abc', 'validation.amount.notNumeric'],
      ['0.1234567890123456789', 'validation.amount.tooManyDecimals'],
      ['0', 'validation.amount.notPositive'],
    ];
    for (const [amount, key] of cases) {
      const res = await create({ amount });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: '4000', data: { issues: [{ path: 'body.amount', key }] } });
    }
    const decimals = await create({ amount: '0.1234567890123456789' });
    expect(decimals.json().data.issues[0].message).toBe('Decimal 18 digit is the maximum you can enter.');
  });

  it('answers 4 beyond the withdrawable balance (total − locked − staked, the fee reserve included)', async () => {
    await fund(ETH(5n), ETH(1n));
    const over = await create({ amount: '4' });
    expect(over.json()).toMatchObject({ code: '4', data: { shortOf: 'amount', withdrawable: '4', symbol: 'ETH' } });
    const fits = await create({ amount: '3.999' });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(await balanceOf(t, s.alpha.id)).toEqual({ total: ETH(5n), locked: ETH(5n) - 10n ** 15n + EVM_FEE_RESERVE });
    await s.requester.post(`${WD('evm')}/cancel`, { requestId: fits.json().id });
  });

  it('refuses unregistered tokens, unknown destinations and memos where the chain has none', async () => {
    await fund(ETH(5n));
    const usdt = await create({ tokenId: 'ETHEREUM.USDT' });
    expect(usdt.json()).toMatchObject({ code: '4000', data: { issues: [{ key: 'validation.token.unknown' }] } });
    const other = await create({ tokenId: 'POLYGON.POL' });
    expect(other.json()).toMatchObject({ code: '4000', data: { issues: [{ key: 'validation.token.unknown' }] } });
    expect((await create({ addressBookId: crypto.randomUUID() })).statusCode).toBe(404);
    // An entry of another network's token is no destination for this one (4032).
    const pol = await s.owner.post('/api/v1/address-books', {
      name: 'Polygon destination',
      tokenId: 'POLYGON.POL',
      address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      walletType: 'PERSONAL',
      receiverType: 'INDIVIDUAL',
      receiver: INDIVIDUAL,
    });
    expect(pol.statusCode, pol.body).toBe(200);
    const mismatch = await create({ addressBookId: pol.json().id });
    expect(mismatch.json()).toMatchObject({ code: '4032', data: { reason: 'destination-mismatch' } });
    const memo = await create({ memo: 'hello' });
    expect(memo.json()).toMatchObject({ data: { issues: [{ key: 'validation.addressBook.memoNotSupported' }] } });
  });

  it('refuses an exchange entry whose travel-rule approval has expired, until it is verified again (4032)', async () => {
    await fund(ETH(5n));
    const db = t.testDb.database.db;
    // The scene's entry, made an exchange's: the approval it got is what decides.
    const vasp = await insertVasp(t, `Expiry Exchange ${crypto.randomUUID().slice(0, 6)}`);
    await db
      .update(addressBookEntries)
      .set({ walletType: 'VASP', vaspId: vasp })
      .where(eq(addressBookEntries.id, s.entryId));
    const [entry] = await db.select().from(addressBookEntries).where(eq(addressBookEntries.id, s.entryId));
    const approval = (expiresAt: Date) => ({
      organizationId: entry!.organizationId,
      direction: 'OUTGOING' as const,
      addressBookId: entry!.id,
      vaspId: vasp,
      counterparty: 'Expiry Exchange',
      blockchain: entry!.blockchain,
      address: entry!.address,
      status: 'APPROVED' as const,
      requestPayload: {},
      expiresAt,
    });
    try {
      expect((await create({})).json()).toMatchObject({ code: '4032', data: { reason: 'verification-expired' } });
      await db.insert(travelRuleInquiries).values(approval(new Date(Date.now() - 60_000)));
      expect((await create({})).json()).toMatchObject({ code: '4032', data: { reason: 'verification-expired' } });
      await db
        .insert(travelRuleInquiries)
        .values({ ...approval(new Date(Date.now() + 86_400_000)), createdAt: new Date(Date.now() + 1000) });
      const ok = await create({ amount: '0.1' });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await db
        .update(addressBookEntries)
        .set({ walletType: 'PERSONAL', vaspId: null })
        .where(eq(addressBookEntries.id, s.entryId));
    }
  });
});

describe('withdrawal access', () => {
  it('401 without a session, 404 across organizations, 403 off the creation step, refused on the wrong family', async () => {
    await fund(ETH(5n));
    expect((await new Browser(t.app).post(`${WD('evm')}/create`, body())).statusCode).toBe(401);
    expect((await create({}, s.outsider)).statusCode).toBe(404);
    const bystander = await create({}, s.bystander);
    expect(bystander.statusCode).toBe(403);
    const family = await create({}, s.requester, 'btc');
    expect(family.json()).toMatchObject({ code: '4000', data: { reason: 'family-mismatch' } });
    const made = await create();
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as string;
    const wrong = await s.approver.post(`${WD('sol')}/approve`, { requestId: id, otpCode: await s.approver.otp() });
    expect(wrong.json()).toMatchObject({ code: '7' });
    const foreign = await s.outsider.post(`${WD('evm')}/approve`, { requestId: id, otpCode: await s.outsider.otp() });
    expect(foreign.statusCode).toBe(404);
    await s.requester.post(`${WD('evm')}/cancel`, { requestId: id });
  });
});

describe('the hold on the balance', () => {
  it('is taken at creation and released by cancellation and by rejection, in the same transaction', async () => {
    await fund(ETH(5n));
    const a = await create({ amount: '1.5' });
    expect(a.json()).toMatchObject({ status: 'CREATED' });
    expect((await balanceOf(t, s.alpha.id)).locked).toBe(ETH(3n) / 2n + EVM_FEE_RESERVE);
    const canceled = await s.requester.post(`${WD('evm')}/cancel`, { requestId: a.json().id });
    expect(canceled.json()).toMatchObject({ decisionStatus: 'CANCELED' });
    expect(await balanceOf(t, s.alpha.id)).toEqual({ total: ETH(5n), locked: 0n });

    const b = await create({ amount: '2' });
    expect((await balanceOf(t, s.alpha.id)).locked).toBe(ETH(2n) + EVM_FEE_RESERVE);
    const rejected = await s.approver.post(`${WD('evm')}/reject`, {
      requestId: b.json().id,
      otpCode: await s.approver.otp(),
    });
    expect(rejected.json()).toMatchObject({ decisionStatus: 'REJECTED' });
    expect(await balanceOf(t, s.alpha.id)).toEqual({ total: ETH(5n), locked: 0n });
  });

  it('admits exactly as many of 50 parallel withdrawals as the balance covers, never holding more than it', async () => {
    const each = ETH(1n) + EVM_FEE_RESERVE;
    await fund(10n * each);
    const answers = await Promise.all(Array.from({ length: 50 }, () => create({ amount: '1' })));
    const accepted = answers.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(10);
    expect(answers.filter((r) => r.json().code === '4')).toHaveLength(40);
    expect(await balanceOf(t, s.alpha.id)).toEqual({ total: 10n * each, locked: 10n * each });
    for (const r of accepted) await s.requester.post(`${WD('evm')}/cancel`, { requestId: r.json().id });
    expect((await balanceOf(t, s.alpha.id)).locked).toBe(0n);
  });
});
