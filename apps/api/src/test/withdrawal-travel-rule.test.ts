// The travel rule at execution, against the counterparty VASP running as its own process: a withdrawal to an
// exchange entry is built only after the exchange approved this transfer; a refusal or no answer within the time
// limit fails it VASP_VERIFICATION_FAILED with its code, releases the hold and builds nothing, and a retried job
// neither asks again nor builds.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, vasps, walletBalances } from '../db/schema/index.js';
import { withdrawalHandler } from '../engine/withdrawal.js';
import { requestExecution } from '../modules/approvals/request-execution.service.js';
import {
  balanceOf,
  ETH,
  EVM_FEE_RESERVE,
  type WithdrawalScene,
  withdrawalScene,
} from '../modules/withdrawals/withdrawal-scene.js';
import { type CounterpartyProcess, startCounterpartyProcess } from '../travel-rule/counterparty-process.js';
import { createTestApp, type TestApp } from './app.js';
import { setBalance } from './asset-fixtures.js';
import {
  db,
  directoryVasp,
  exchangeEntry,
  ownerWithdrawal,
  requestRow,
  transfers,
  until,
} from './withdrawal-lifecycle-scene.js';

const SECRET = 'withdrawal-travel-rule-shared-secret';
const KIM = '0x4124a521bBE993F13966651bDaeaeb0264923B0b';
const LEE = '0x82F3DfD6A277903D743CaC0b506200dd273Ba9D9';
const HANBIT = '0xec8fF0eB1BDAcd14eA62DD31572d1F37746711B3';
const HANG = '0x238B9BE32a5885b7292F1AEf28ABE872770598a5';
const ERROR = '0x98abd933A0958F382541F727cCfE7F433cCD8a04';
const kim = { nameKo: '김철수', nameEn: 'Kim Chulsoo', birthday: '1985-03-15' };

let t: TestApp;
let s: WithdrawalScene;
let counterparty: CounterpartyProcess;
let vaspId: string;

beforeAll(async () => {
  [t, counterparty] = await Promise.all([
    createTestApp({
      CHAIN_SWEEP_MS: '0',
      DEVNET_BLOCK_MS: '0',
      TRAVEL_RULE_SWEEP_MS: '0',
      TRAVEL_RULE_TIMEOUT_MS: '3000',
    }),
    startCounterpartyProcess(SECRET),
  ]);
  s = await withdrawalScene(t, 'Travel Rule Withdrawals');
  await setBalance(db(t), s.orgId, s.alpha, 'ETHEREUM.ETH', { total: ETH(10n).toString() });
  vaspId = await directoryVasp(t, 'Hanbit Exchange (test)', counterparty.url, SECRET);
});
afterAll(async () => {
  await counterparty?.stop();
  await t?.close();
});

const detail = async (id: string) => (await s.owner.post(`/api/v1/organizations/requests/${id}`, {})).json();

async function withdrawTo(address: string, receiver: typeof kim, name: string) {
  const entryId = await exchangeEntry(t, s, { vaspId, address, receiverType: 'INDIVIDUAL', receiver, name });
  const id = await ownerWithdrawal(s, entryId);
  await until(async () => (await requestRow(t, id)).status !== 'APPROVED' && (await requestRow(t, id)), 'execution');
  return id;
}

describe('the travel rule at execution', () => {
  it("builds the transfer once the exchange approved this transfer, storing the exchange's verdict", async () => {
    const id = await withdrawTo(KIM, kim, 'Kim at Hanbit');
    const [row] = await until(async () => {
      const rows = await transfers(t, id);
      return rows.length > 0 && rows;
    }, 'the transfer');
    expect(row).toMatchObject({ status: 'BUILT', toAddress: KIM, amount: (ETH(1n) / 10n).toString() });
    const request = await requestRow(t, id);
    expect(request.status).toBe('EXECUTING');
    expect(request.result).toMatchObject({
      travelRule: { verdict: 'APPROVED', counterparty: 'Hanbit Exchange (test)' },
    });
    expect((await detail(id)).execution).toEqual({
      lifecycle: 'EXECUTING',
      txHash: null,
      explorerUrl: null,
      failureCode: null,
      feePaid: null,
    });
  });

  it('fails VASP_VERIFICATION_FAILED on a refusal (name mismatch, 5103): nothing built, the hold released', async () => {
    const before = await balanceOf(t, s.alpha.id);
    const id = await withdrawTo(LEE, kim, 'Not Lee at Hanbit');
    const request = await until(async () => {
      const r = await requestRow(t, id);
      return r.status === 'FAILED' && r;
    }, 'the refusal');
    expect(request).toMatchObject({
      failureReason: '5103',
      result: { travelRule: { verdict: 'REJECTED', code: '5103' } },
    });
    expect(await transfers(t, id)).toEqual([]);
    expect(await balanceOf(t, s.alpha.id)).toEqual(before);
    expect((await detail(id)).execution).toMatchObject({ lifecycle: 'VASP_VERIFICATION_FAILED', failureCode: '5103' });
  });

  it('fails 5108 when the exchange does not answer in time, and 5108 for an undefined error', async () => {
    const hung = await withdrawTo(HANG, kim, 'Hanging customer');
    const errored = await withdrawTo(ERROR, kim, 'Erroring customer');
    for (const [id, verdict] of [
      [hung, 'UNREACHABLE'],
      [errored, 'REJECTED'],
    ] as const) {
      const request = await until(async () => {
        const r = await requestRow(t, id);
        return r.status === 'FAILED' && r;
      }, 'the failure');
      expect(request).toMatchObject({ failureReason: '5108', result: { travelRule: { verdict, code: '5108' } } });
      expect(await transfers(t, id)).toEqual([]);
    }
    const locked = (await balanceOf(t, s.alpha.id)).locked;
    // Only the approved (first) withdrawal still holds its amount and fee reserve.
    expect(locked).toBe(ETH(1n) / 10n + EVM_FEE_RESERVE);
  });

  it('a retried job neither asks again nor builds after a refusal', async () => {
    // A person where the exchange's customer is a corporation: refused (5107).
    const id = await withdrawTo(HANBIT, kim, 'Retried refusal');
    await until(async () => (await requestRow(t, id)).status === 'FAILED', 'the refusal');
    // The exchange now answers elsewhere: a server that counts what it is asked.
    let asked = 0;
    const spy = createServer((_req, res) => {
      asked++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ approved: { address: HANBIT } }));
    });
    await new Promise<void>((resolve) => spy.listen(0, '127.0.0.1', resolve));
    await db(t)
      .update(vasps)
      .set({ endpoint: `http://127.0.0.1:${(spy.address() as AddressInfo).port}` })
      .where(eq(vasps.id, vaspId));
    try {
      const handler = withdrawalHandler({
        db: db(t),
        config: t.config,
        requests: requestExecution(db(t), t.clock.now),
        now: t.clock.now,
      });
      const row = await requestRow(t, id);
      // The job run again as the queue would retry it; then as if the engine had died after storing the refusal
      // and before failing the request (EXECUTING, the hold still taken): it fails it from the stored verdict.
      await handler({ requestId: id, organizationId: s.orgId } as never);
      const held = await balanceOf(t, s.alpha.id);
      await db(t).update(requests).set({ status: 'EXECUTING', failureReason: null }).where(eq(requests.id, id));
      await db(t)
        .update(walletBalances)
        .set({ locked: sql`${walletBalances.locked} + ${(ETH(1n) / 10n + EVM_FEE_RESERVE).toString()}::numeric` })
        .where(and(eq(walletBalances.walletId, s.alpha.id), eq(walletBalances.tokenId, 'ETHEREUM.ETH')));
      await handler({ requestId: id, organizationId: s.orgId } as never);
      expect(await balanceOf(t, s.alpha.id)).toEqual(held);
      expect((await requestRow(t, id)).failureReason).toBe('5107');
      expect(asked).toBe(0);
      expect(await transfers(t, id)).toEqual([]);
      expect((await requestRow(t, id)).result).toEqual(row.result);
      expect((await requestRow(t, id)).status).toBe('FAILED');
    } finally {
      await db(t).update(vasps).set({ endpoint: counterparty.url }).where(eq(vasps.id, vaspId));
      await new Promise((resolve) => spy.close(resolve));
    }
  });
});
