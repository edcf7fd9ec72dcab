// Canceling a withdrawal already sent, on a real EVM node (anvil, mining only when told): the zero-value replacement
// to the wallet itself at the same nonce and higher fees is mined instead of the transfer; the request ends
// CANCELED_AFTER_EXECUTING, only the replacement's fee leaves the balance, the hold is released, and the receiver
// gets nothing. The network has a configured node, so the request view links the public explorer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnvilNode } from '../engine/chains/anvil.js';
import { chainSweeper } from '../engine/transactions/sweeper.js';
import { requestExecution } from '../modules/approvals/request-execution.service.js';
import { withdrawalExecution } from '../modules/withdrawals/withdrawal-execution.service.js';
import { balanceOf, WD, type WithdrawalScene } from '../modules/withdrawals/withdrawal-scene.js';
import { anvilWithdrawalScene, fundOnAnvil } from './anvil-withdrawal-scene.js';
import type { TestApp } from './app.js';
import { db, ownerWithdrawal, requestRow, transfers, until } from './withdrawal-lifecycle-scene.js';

const RECEIVER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'; // the scene's self-managed entry

let node: AnvilNode;
let t: TestApp;
let s: WithdrawalScene;
let sweeper: ReturnType<typeof chainSweeper>;

beforeAll(async () => {
  ({ node, t, s } = await anvilWithdrawalScene('Cancel On Anvil'));
  await fundOnAnvil(node, t, s.orgId, s.alpha, 10n);
  await node.rpc.call('evm_setAutomine', [false]);
  const settle = withdrawalExecution(db(t));
  const execution = requestExecution(db(t), t.clock.now);
  sweeper = chainSweeper({
    db: db(t),
    config: t.config,
    log: t.app.log,
    now: t.clock.now,
    confirmations: () => 1,
    afterTick: () => settle.settleFinished(execution, t.clock.now),
  });
});
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

describe('canceling a withdrawal sent on an EVM network', () => {
  it('mines the replacement: CANCELED_AFTER_EXECUTING, only its fee paid, the hold released', async () => {
    const before = await balanceOf(t, s.alpha.id);
    const receiverBefore = await node.rpc.balance(RECEIVER);
    const id = await ownerWithdrawal(s, s.entryId, '1');
    const sent = await until(async () => {
      await sweeper.tick();
      const [row] = await transfers(t, id);
      return row?.status === 'BROADCAST' && row;
    }, 'the transfer to be sent');

    const pending = await s.owner.post(`${WD('evm')}/cancel`, { requestId: id });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toMatchObject({ status: 'EXECUTING', execution: { lifecycle: 'EXECUTING' } });

    // The replacement is signed and handed to the node, which now holds it instead of the transfer.
    const replacement = await until(async () => {
      await sweeper.tick();
      const [row] = await transfers(t, id);
      return row?.attempt === 2 && row.status === 'BROADCAST' && row;
    }, 'the replacement to be sent');
    await node.rpc.call('evm_mine', []);
    const request = await until(async () => {
      await sweeper.tick();
      const r = await requestRow(t, id);
      return r.status !== 'EXECUTING' && r;
    }, 'the request to end');

    expect(request).toMatchObject({ status: 'CANCELED', cancelStage: 'AFTER_EXECUTING' });
    const rows = await transfers(t, id);
    expect(rows.find((r) => r.id === replacement.id)).toMatchObject({ status: 'CONFIRMED', amount: '0' });
    expect(rows.find((r) => r.id === sent.id)?.status).toBe('REPLACED');
    expect((await node.rpc.transactionStatus(sent.hash!)).state).toBe('unknown');
    expect(await node.rpc.balance(RECEIVER)).toBe(receiverBefore);

    const fee = BigInt(rows.find((r) => r.id === replacement.id)!.feePaid!);
    expect(fee).toBeGreaterThan(0n);
    expect(await balanceOf(t, s.alpha.id)).toEqual({ total: before.total - fee, locked: before.locked });
    const view = (await s.owner.post(`/api/v1/organizations/requests/${id}`, {})).json();
    expect(view).toMatchObject({ decisionStatus: 'CANCELED' });
    expect(view.execution).toEqual({
      lifecycle: 'CANCELED_AFTER_EXECUTING',
      txHash: replacement.hash,
      explorerUrl: `https://etherscan.io/tx/${replacement.hash}`,
      failureCode: null,
      feePaid: fee.toString(),
    });
  });
});
