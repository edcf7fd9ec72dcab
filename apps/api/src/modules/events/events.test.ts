import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENTS_PATH } from '@vaultline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { type DevnetEngine, devnetEngine } from '../../test/devnet.js';
import { Stream } from '../../test/event-stream-client.js';
import { createMember, createOrganization, grant, signIn } from '../../test/fixtures.js';
import { type CreatedWallet, createWallet } from '../../test/wallet-fixtures.js';
import { walletsRepository } from '../wallets/wallets.repository.js';

let t: TestApp;
let base: string;
let operator: TestBrowser;
let ownerA: TestBrowser;
let walletMember: TestBrowser;
let outsider: TestBrowser;
let ownerB: TestBrowser;
let wallet: CreatedWallet;
let engine: DevnetEngine;
let orgAId: string;
const creationBase = () => `/api/v1/organizations/wallet-creation/btc/${orgAId}/wallet-creation-request`;

const openStream = (browser: TestBrowser) => Stream.open(base, EVENTS_PATH, browser);

beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT_FACTOR: '20',
    DEVNET_BLOCK_MS: '0',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vaultline-events-')),
  });
  const db = t.testDb.database.db;
  const orgA = await createOrganization(db);
  orgAId = orgA.id;
  const a = await createMember(db, t.config, { organizationId: orgA.id });
  await grant(db, a.id, ['OWNER']);
  ownerA = await signIn(t, a);
  wallet = await createWallet(ownerA, orgA.id, 'BITCOIN_TESTNET', 'Cold');
  const m = await createMember(db, t.config, { organizationId: orgA.id });
  await walletsRepository(db, orgA.id).addMember(wallet.id, m.id, 'MEMBER', new Date());
  walletMember = await signIn(t, m);
  outsider = await signIn(t, await createMember(db, t.config, { organizationId: orgA.id }));
  const orgB = await createOrganization(db);
  const b = await createMember(db, t.config, { organizationId: orgB.id });
  await grant(db, b.id, ['OWNER']);
  ownerB = await signIn(t, b);
  operator = await signIn(t, await createMember(db, t.config, { kind: 'OPERATOR' }));
  engine = devnetEngine({ db, config: t.config, log: t.app.log, now: t.clock.now });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
let lingering: Stream | undefined;
afterAll(async () => {
  await t?.close(); // with a stream still open: closing the app ends it instead of waiting for it
  expect(lingering?.status).toBe(200);
});

describe('live notices', () => {
  it('needs a member session', async () => {
    const res = await fetch(`${base}${EVENTS_PATH}`);
    expect(res.status).toBe(401);
    const op = await openStream(operator);
    expect(op.status).toBe(403);
  });

  it("sends an activity to the wallet's members and WALLETS_VIEW holders of its organization only", async () => {
    const streams = await Promise.all([ownerA, walletMember, outsider, ownerB].map((b) => openStream(b)));
    const [owner, member, noAccess, otherOrg] = streams;
    for (const s of streams) expect(s!.status).toBe(200);
    expect(await owner!.waitFor(/content-type: text\/event-stream/)).toBe(true);

    const sent = await operator.post('/api/v1/operations/devnet/deposits', {
      blockchain: 'BITCOIN_TESTNET',
      toAddress: wallet.address,
      amount: '0.001',
    });
    expect(sent.statusCode).toBe(200);
    await engine.watch();
    await t.app.notices.poll();

    const hash = sent.json().hash as string;
    expect(await owner!.waitFor(new RegExp(`event: activity\\ndata: .*${hash}`))).toBe(true);
    expect(await member!.waitFor(new RegExp(hash))).toBe(true);
    const data = owner!.text.split('\n').find((l) => l.startsWith('data: ') && l.includes(hash))!;
    expect(JSON.parse(data.slice(6))).toMatchObject({
      kind: 'activity',
      activity: {
        walletId: wallet.id,
        walletName: 'Cold',
        status: 'PENDING',
        activityType: 'DEPOSIT',
        amount: '100000',
        txHash: hash,
        token: { tokenId: 'BITCOIN_TESTNET.BTC' },
      },
    });

    // Confirmations change the activity again: a second notice, with the new state.
    await engine.produceBlocks();
    await engine.watch();
    await t.app.notices.poll();
    expect(await owner!.waitFor(/"confirmations":1/)).toBe(true);

    await new Promise((r) => setTimeout(r, 1200)); // a timer poll too
    expect(noAccess!.text).not.toContain('event: activity');
    expect(otherOrg!.text).not.toContain('event: activity');
    for (const s of streams) s!.close();
  });

  it('sends a request change to those who may see the request only', async () => {
    const streams = await Promise.all([ownerA, outsider, ownerB].map((b) => openStream(b)));
    const [owner, noAccess, otherOrg] = streams;
    expect(await owner!.waitFor(/content-type: text\/event-stream/)).toBe(true);
    const created = await ownerA.post(`${creationBase()}/create`, {
      blockchain: 'BITCOIN_TESTNET',
      name: 'Live request',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    await t.app.notices.poll();
    expect(await owner!.waitFor(new RegExp(`event: request\ndata: .*${id}`))).toBe(true);
    const data = owner!.text.split('\n').find((l) => l.startsWith('data: ') && l.includes(id))!;
    expect(JSON.parse(data.slice(6))).toEqual({ kind: 'request', id, type: 'WALLET_CREATION', status: 'CREATED' });
    // Its cancellation is a second change, sent again.
    expect((await ownerA.post(`${creationBase()}/${id}/cancel`, {})).statusCode).toBe(200);
    await t.app.notices.poll();
    expect(await owner!.waitFor(/"status":"CANCELED"/)).toBe(true);
    expect(noAccess!.text).not.toContain('event: request');
    expect(otherOrg!.text).not.toContain('event: request');
    for (const s of streams) s!.close();
  });

  it('ends the stream when the session ends', async () => {
    const stream = await openStream(walletMember);
    expect(stream.status).toBe(200);
    expect((await walletMember.post('/api/v1/organization/members/logout', {})).statusCode).toBeLessThan(300);
    await operator.post('/api/v1/operations/devnet/deposits', {
      blockchain: 'BITCOIN_TESTNET',
      toAddress: wallet.address,
      amount: '0.002',
    });
    await engine.watch();
    await t.app.notices.poll();
    expect(await stream.waitFor(/event: session/)).toBe(true);
    const until = Date.now() + 3000;
    while (!stream.ended && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(stream.ended).toBe(true);
    expect(stream.text).not.toContain('event: activity');
  });

  it('leaves a stream open for the app to close', async () => {
    lingering = await openStream(ownerA);
    expect(await lingering.waitFor(/retry: 5000/)).toBe(true);
    expect(t.app.notices.size()).toBeGreaterThan(0);
  });
});
