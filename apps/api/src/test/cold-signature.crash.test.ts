// A cold signature is accepted exactly once, wherever the server dies while accepting it. The signer's answer goes to
// an API server that is a process of its own (src/server.ts on the same PostgreSQL), SIGKILLed a moment after the
// answer was sent; the moment moves round by round towards the point where the acceptance commits (a kill before
// it leaves the row BUILT, one after it SIGNED), so the kills land around the commit itself. After every kill the
// row, the request's progress and the audit log agree: BUILT, SIGNING and no acceptance, or SIGNED with the verified
// bytes, PROCESSING and one acceptance. The answer handed in again then completes a BUILT row and is refused (4112)
// for a SIGNED one. At the end the engine sends everything: one transaction per withdrawal on the node, each
// request COMPLETE with its one CONFIRMED row. PostgreSQL only (two processes on one database).

import { SIGN_REQUEST_TYPES, signColdRequest, toQrParts } from '@vaultline/chains/cold';
import { fromBaseUnits } from '@vaultline/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { keccak256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.js';
import { type AnvilNode, sleep } from '../engine/chains/anvil.js';
import type { chainSweeper } from '../engine/transactions/sweeper.js';
import { ETH, WD, type WithdrawalScene } from '../modules/withdrawals/withdrawal-scene.js';
import { anvilWithdrawalScene, fundOnAnvil } from './anvil-withdrawal-scene.js';
import type { TestApp } from './app.js';
import type { TestBrowser } from './browser.js';
import {
  coldOperators,
  get,
  importColdWallet,
  messageOf,
  QUEUE,
  testSweeper,
  untilSigning,
} from './cold-signing-scene.js';
import { HttpBrowser } from './http-browser.js';
import { seededRandom } from './seeded-random.js';
import { type ServerProcess, startServerProcess } from './server-process.js';
import type { CreatedWallet } from './wallet-fixtures.js';
import { db, requestRow, transfers, until } from './withdrawal-lifecycle-scene.js';

const ROUNDS = 12;
const RECEIVER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'; // the scene's registered entry
const COLD_SEED = new Uint8Array(64).map((_, i) => (i * 53 + 7) % 256);
/** Fixed, so a failing run replays the same kill moments. */
const SEED = 0xc01d;
/** How the server process under test names its connections to PostgreSQL. */
const SERVER_APPLICATION_NAME = 'vaultline-cold-signature-crash';
/** Withdrawal i pays (i + 1) hundredths of an ether. */
const amountOf = (i: number) => (ETH(1n) / 100n) * BigInt(i + 1);

describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('cold signature acceptance crash', () => {
  let node: AnvilNode;
  let t: TestApp;
  let s: WithdrawalScene;
  let signer: TestBrowser;
  let cold: CreatedWallet;
  let sweeper: ReturnType<typeof chainSweeper>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    ({ node, t, s } = await anvilWithdrawalScene('Cold Crash'));
    const operators = await coldOperators(t);
    signer = operators.signer;
    cold = await importColdWallet(t, operators, s.orgId, COLD_SEED, 'ETHEREUM', 'Cold Crash Vault');
    await fundOnAnvil(node, t, s.orgId, cold, 10n);
    sweeper = testSweeper(t);
  }, 120_000);
  afterAll(async () => {
    await server?.kill();
    await t?.close();
    await node?.stop();
  });

  /** The server process the answer goes to: the test app's database, secrets and node, no engine. */
  function serverProcess() {
    const driver = t.testDb.database.driver;
    if (driver.kind !== 'postgres') throw new Error('postgres only');
    // Named, so that its backends can be told apart from the test's own (untilServerBackendsEnd).
    const url = new URL(driver.url);
    url.searchParams.set('application_name', SERVER_APPLICATION_NAME);
    return startServerProcess({
      DATABASE_URL: url.toString(),
      APP_ENV: 'development',
      SEED_DEMO: 'false',
      ENGINE: 'off',
      MASTER_KEY: t.config.masterKey,
      SESSION_SECRET: t.config.sessionSecret,
      CHAIN_RPC_ETHEREUM: node.url,
      LOG_LEVEL: 'warn',
      DEVNET_BLOCK_MS: '0',
      CHAIN_SWEEP_MS: '0',
      TRAVEL_RULE_SWEEP_MS: '0',
      STAKING_VALIDATORS_SYNC_MS: '0',
    });
  }

  /**
   * Resolves once no backend of the killed server is left. A kill while the server's COMMIT is on its way leaves the
   * backend finishing that commit (PostgreSQL learns of the closed socket only when it next reads or writes): until
   * the backend ends, the transaction's outcome is not yet decided, and a read could find BUILT a row that then
   * commits SIGNED (a CI run did, 79 ms after sending).
   */
  async function untilServerBackendsEnd() {
    await until(async () => {
      const result = await db(t).execute(
        sql`select count(*)::int as n from pg_stat_activity where application_name = ${SERVER_APPLICATION_NAME}`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n === 0;
    }, "the killed server's backends to end");
  }

  /** What the database says of one transaction right now: the row, the request's progress, its acceptances. */
  async function stateOf(requestId: string, transactionId: string) {
    const [row] = await transfers(t, requestId);
    const [accepted] = await db(t)
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'COLD_SIGNATURE_ACCEPTED'), eq(auditLog.objectId, transactionId)));
    return { row: row!, progress: (await requestRow(t, requestId)).progress, accepted: accepted!.n };
  }

  it(`${ROUNDS} rounds killed around the commit: each answer accepted once, each withdrawal sent once`, async () => {
    const random = seededRandom(SEED);
    const waiting: { requestId: string; transactionId: string; amount: bigint }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const made = await s.owner.post(`${WD('evm')}/create`, {
        walletId: cold.id,
        tokenId: 'ETHEREUM.ETH',
        addressBookId: s.entryId,
        amount: fromBaseUnits(amountOf(i), 18),
      });
      expect(made.statusCode, made.body).toBe(200);
      const requestId = made.json().id as string;
      const row = await untilSigning(t, sweeper, requestId);
      waiting.push({ requestId, transactionId: row.id, amount: amountOf(i) });
    }
    const [nonceBefore, receiverBefore] = [await node.rpc.pendingNonce(cold.address), await node.rpc.balance(RECEIVER)];

    // Kill moments in ms after the answer was sent: below `before` a kill left the row BUILT, above `after` SIGNED.
    let before = 0;
    let after: number | undefined;
    const outcomes = { BUILT: 0, SIGNED: 0 };
    /** Each round's kill moment and what it left, printed at the end. */
    const moments: string[] = [];
    for (const [round, w] of waiting.entries()) {
      server = await serverProcess();
      const remote = new HttpBrowser(server.base);
      for (const [name, value] of signer.cookies) remote.cookies.set(name, value);
      // Reading the sign request warms the new process (session, route, an audited transaction) and times a call.
      const started = performance.now();
      const shown = await get(remote, `${QUEUE}/${w.transactionId}`);
      const call = performance.now() - started;
      const { answer } = signColdRequest(COLD_SEED, messageOf(shown.json().parts, SIGN_REQUEST_TYPES.evm));
      const parts = toQrParts(answer);
      const delay =
        after === undefined ? (round === 0 ? call : Math.max(1, before * 2)) : before + (after - before) * random();
      const sent = remote.post(`${QUEUE}/${w.transactionId}/signature`, { parts }).catch(() => undefined);
      await sleep(delay);
      await server.kill();
      const reply = await sent;
      await untilServerBackendsEnd();

      const at = `round ${round}, killed ${delay.toFixed(1)} ms after sending`;
      const state = await stateOf(w.requestId, w.transactionId);
      if (state.row.status === 'BUILT') {
        expect({ progress: state.progress, accepted: state.accepted, raw: state.row.raw }, at).toEqual({
          progress: 'SIGNING',
          accepted: 0,
          raw: null,
        });
        before = Math.max(before, delay);
        outcomes.BUILT++;
      } else {
        expect(state.row.status, at).toBe('SIGNED');
        expect({ progress: state.progress, accepted: state.accepted }, at).toEqual({
          progress: 'PROCESSING',
          accepted: 1,
        });
        // The stored bytes are the signed transaction the hash names.
        expect(keccak256(state.row.raw!), at).toBe(state.row.hash);
        if (reply) expect(reply.json(), at).toMatchObject({ status: 'SIGNED', hash: state.row.hash });
        after = after === undefined ? delay : Math.min(after, delay);
        outcomes.SIGNED++;
      }
      // A reply means the process answered before it died: only a SIGNED row can have said so.
      if (reply && reply.statusCode === 200) expect(state.row.status, at).toBe('SIGNED');

      // The answer handed in again, to the app that lives on: it completes a BUILT row, a SIGNED one refuses it.
      const again = await signer.post(`${QUEUE}/${w.transactionId}/signature`, { parts });
      if (state.row.status === 'BUILT') expect(again.json(), at).toMatchObject({ status: 'SIGNED' });
      else expect(again.json().code, at).toBe('4112');
      moments.push(`${delay.toFixed(0)} ms ${state.row.status}${reply ? ` (replied ${reply.statusCode})` : ''}`);
      const settled = await stateOf(w.requestId, w.transactionId);
      expect({ status: settled.row.status, accepted: settled.accepted }, at).toEqual({ status: 'SIGNED', accepted: 1 });
    }
    console.info(`kill moments after sending: ${moments.join(', ')}`);
    // The moments moved from a kill before the commit to one after it (and back): both sides were hit.
    expect(outcomes.BUILT, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.SIGNED, JSON.stringify(outcomes)).toBeGreaterThan(0);

    await until(
      async () => {
        await sweeper.tick();
        await node.rpc.call('evm_mine', []);
        const rows = await Promise.all(waiting.map((w) => requestRow(t, w.requestId)));
        return rows.every((r) => r.status === 'COMPLETE');
      },
      'every cold withdrawal to complete',
      60_000,
    );
    for (const w of waiting) {
      const rows = await transfers(t, w.requestId);
      expect(rows.map((r) => r.status)).toEqual(['CONFIRMED']);
    }
    expect(await node.rpc.pendingNonce(cold.address)).toBe(nonceBefore + ROUNDS);
    const sent = waiting.reduce((sum, w) => sum + w.amount, 0n);
    expect((await node.rpc.balance(RECEIVER)) - receiverBefore).toBe(sent);
  }, 300_000);
});
