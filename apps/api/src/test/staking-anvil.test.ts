// Story staking on a real EVM node: anvil running STORY_TESTNET's chain id (1315), with the stand-in of the
// IPTokenStaking predeploy set at its address, is the app's CHAIN_RPC_STORY_TESTNET. A stake and an unstake made and
// approved through the API are built by the in-process engine's 'staking' handler, sent by the sweeper (driven by
// hand) as real transactions with the interface's calldata, and settled from what the node says: the delegation id
// from the receipt's Deposit event, the unstake's value from the contract's fee(), the gas from the receipt.
import {
  decodeStoryStakingCall,
  decodeStoryStakingLogs,
  evmChainIdOf,
  type StoryStakingEvent,
} from '@vaultline/chains';
import { STORY_STAKING } from '@vaultline/contracts';
import { and, eq } from 'drizzle-orm';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetActivities, stakingPositions, stakingUnbondings } from '../db/schema/index.js';
import { type AnvilNode, startAnvil } from '../engine/chains/anvil.js';
import { installStakingStandIn } from '../engine/chains/story-staking-standin.js';
import { delegationIdReader, unstakeFeeOf } from '../engine/staking.js';
import { chainSweeper } from '../engine/transactions/sweeper.js';
import { requestExecution } from '../modules/approvals/request-execution.service.js';
import { ensureLedgerValidators } from '../modules/staking/ledger-validators.service.js';
import { stakingExecution } from '../modules/staking/staking-execution.service.js';
import {
  HANBIT,
  IP,
  NATIVE,
  nativeBalance,
  STORY,
  type StakingScene,
  stakingScene,
} from '../modules/staking/staking-scene.js';
import { createTestApp, type TestApp } from './app.js';
import { setBalance } from './asset-fixtures.js';
import { db, transfers, until } from './withdrawal-lifecycle-scene.js';

const STAKING = STORY_STAKING.contractAddress.toLowerCase();
const FUNDED = IP(5_000n);
const BONDING = 1;
const UNBONDING = 120;

let node: AnvilNode;
let t: TestApp;
let s: StakingScene;
let sweeper: ReturnType<typeof chainSweeper>;

const hexQuantity = (value: bigint) => `0x${value.toString(16)}`;

interface NodeTx {
  to: string;
  value: Hex;
  input: Hex;
  from: string;
  chainId: Hex;
}
interface NodeReceipt {
  status: Hex;
  gasUsed: Hex;
  effectiveGasPrice: Hex;
  logs: { address: string; topics: string[]; data: string }[];
}

beforeAll(async () => {
  node = await startAnvil();
  await node.rpc.call('anvil_setChainId', [evmChainIdOf('STORY_TESTNET')]);
  await installStakingStandIn(node.rpc);
  t = await createTestApp({
    AUTH_RATE_LIMIT_FACTOR: '20',
    // The test clock moves past bonding: sessions must outlive it.
    SESSION_TIMEOUT_SECONDS: '86400',
    DEVNET_BLOCK_MS: '0',
    CHAIN_SWEEP_MS: '0',
    STAKING_BONDING_SECONDS: String(BONDING),
    STAKING_UNBONDING_SECONDS: String(UNBONDING),
    CHAIN_RPC_STORY_TESTNET: node.url,
  });
  // The engine seeds the ledger's validators only on networks the devnet plays; this one has a node.
  await ensureLedgerValidators(db(t), ['STORY_TESTNET']);
  s = await stakingScene(t, 'Stake Anvil');
  await node.rpc.call('anvil_setBalance', [s.wallet.address, hexQuantity(FUNDED)]);
  await setBalance(db(t), s.orgId, s.wallet, NATIVE, { total: FUNDED.toString() });
  const settle = stakingExecution(db(t), t.config);
  const execution = requestExecution(db(t), t.clock.now);
  const delegationIdOf = delegationIdReader(t.config);
  sweeper = chainSweeper({
    db: db(t),
    config: t.config,
    log: t.app.log,
    now: t.clock.now,
    confirmations: () => 1,
    afterTick: () => settle.settleFinished(execution, t.clock.now, delegationIdOf),
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

const detail = async (id: string) => (await s.requester.post(`/api/v1/organizations/requests/${id}`, {})).json();

/** Ticks the sweeper until the request ends (the in-process engine's handler builds the row on its own schedule). */
const untilDone = (id: string) =>
  until(async () => {
    await sweeper.tick();
    const request = await detail(id);
    return ['COMPLETE', 'FAILED', 'CANCELED'].includes(request.status) && request;
  }, `request ${id} to end`);

const position = async () =>
  (await s.requester.request('GET', `${STORY}/wallets/${s.wallet.id}`)).json() as {
    staked: string;
    positions: { positionId: string; state: string; amount: string; canUnstake: boolean }[];
  };

/** The request's one chain transaction, as the node has it: the sent transaction, its receipt and staking events. */
async function onChain(requestId: string) {
  const rows = await transfers(t, requestId);
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  expect(row).toMatchObject({ status: 'CONFIRMED', purpose: 'staking' });
  const tx = await node.rpc.call<NodeTx>('eth_getTransactionByHash', [row.hash]);
  const receipt = await node.rpc.call<NodeReceipt>('eth_getTransactionReceipt', [row.hash]);
  expect(receipt.status).toBe('0x1');
  return {
    row,
    tx,
    receipt,
    gasPaid: BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice),
    events: decodeStoryStakingLogs(receipt.logs) as StoryStakingEvent[],
  };
}

describe('Story staking on an EVM node (anvil with the IPTokenStaking stand-in)', () => {
  let delegationId: bigint;

  it("runs STORY_TESTNET's chain id, with the predeploy's code at its address", async () => {
    expect(await node.rpc.chainId()).toBe(1315);
    expect(await node.rpc.call<string>('eth_getCode', [STORY_STAKING.contractAddress, 'latest'])).not.toBe('0x');
    expect(await unstakeFeeOf(t.config, 'STORY_TESTNET')).toBe(IP(1n));
  });

  it('stakes with a real call of the predeploy: Deposit read from the receipt, the node and the books debited', async () => {
    const nodeBefore = await node.rpc.balance(s.wallet.address);
    expect(nodeBefore).toBe(FUNDED);
    const made = await s.requester.post(`${STORY}/stake-request`, {
      walletId: s.wallet.id,
      validatorId: HANBIT,
      period: 'FLEXIBLE',
      tokenType: 'UNLOCKED',
      amount: '2048',
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as string;
    const approved = await s.approver.post(`${STORY}/stake-request/approve`, {
      requestId: id,
      otpCode: await s.approver.otp(),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await untilDone(id)).toMatchObject({ status: 'COMPLETE' });

    // The transaction the node mined: the predeploy called with stake(HANBIT, FLEXIBLE, …), the amount its value.
    const { row, tx, receipt, gasPaid, events } = await onChain(id);
    expect(tx.to.toLowerCase()).toBe(STAKING);
    expect(tx.from.toLowerCase()).toBe(s.wallet.address.toLowerCase());
    expect(BigInt(tx.chainId)).toBe(1315n);
    expect(BigInt(tx.value)).toBe(IP(2048n));
    const call = decodeStoryStakingCall(tx.input);
    expect(call).toMatchObject({ kind: 'stake', period: 'FLEXIBLE' });
    expect(String((call as { validatorCmpPubkey: string }).validatorCmpPubkey).toLowerCase()).toBe(HANBIT);

    // The contract's event, from the predeploy.
    expect(receipt.logs.map((l) => l.address.toLowerCase())).toEqual([STAKING]);
    expect(events).toHaveLength(1);
    const deposit = events[0]!;
    expect(deposit).toMatchObject({ kind: 'deposit', amount: IP(2048n), period: 'FLEXIBLE', delegationId: 0n });
    expect((deposit as { delegator: string }).delegator.toLowerCase()).toBe(s.wallet.address.toLowerCase());
    expect((deposit as { validatorCmpPubkey: string }).validatorCmpPubkey.toLowerCase()).toBe(HANBIT);
    delegationId = (deposit as { delegationId: bigint }).delegationId;
    // The engine's reader finds it in the node's receipt.
    expect(await delegationIdReader(t.config)({ blockchain: 'STORY_TESTNET', hash: row.hash! })).toBe('0');

    // The position carries the event's delegation id (every FLEXIBLE stake's 0 on the real contract).
    const [positionRow] = await db(t).select().from(stakingPositions).where(eq(stakingPositions.requestId, id));
    expect(positionRow).toMatchObject({
      delegationId: delegationId.toString(),
      period: 'FLEXIBLE',
      amount: IP(2048n).toString(),
      txHash: row.hash,
    });

    // The node: value and gas left the wallet. The books: the stake moved to staked, the gas left the total.
    expect(BigInt(row.feePaid!)).toBe(gasPaid);
    expect(gasPaid).toBeGreaterThan(0n);
    expect(await node.rpc.balance(s.wallet.address)).toBe(nodeBefore - IP(2048n) - gasPaid);
    expect(await nativeBalance(t, s.wallet.id)).toEqual({ total: FUNDED - gasPaid, staked: IP(2048n), locked: 0n });
    const [activity] = await db(t)
      .select()
      .from(assetActivities)
      .where(and(eq(assetActivities.requestId, id), eq(assetActivities.activityType, 'STAKE')));
    expect(activity).toMatchObject({ amount: IP(2048n).toString(), txHash: row.hash, status: 'CONFIRMED' });

    expect((await position()).positions).toMatchObject([{ state: 'BONDING', amount: '2048', canUnstake: false }]);
  });

  it("unstakes past bonding with a real call paying the contract's fee(): Withdraw read, the position unbonds", async () => {
    t.clock.advance((BONDING + 60) * 1000);
    const before = await position();
    expect(before.positions).toMatchObject([{ state: 'ACTIVE', amount: '2048', canUnstake: true }]);
    const nodeBefore = await node.rpc.balance(s.wallet.address);
    const booksBefore = await nativeBalance(t, s.wallet.id);
    const positionId = before.positions[0]!.positionId;

    const made = await s.requester.post(`${STORY}/unstake-request`, {
      walletId: s.wallet.id,
      positionId,
      amount: '1024',
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as string;
    const approved = await s.approver.post(`${STORY}/stake-request/approve`, {
      requestId: id,
      otpCode: await s.approver.otp(),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await untilDone(id)).toMatchObject({ status: 'COMPLETE' });

    const { row, tx, receipt, gasPaid, events } = await onChain(id);
    const fee = await unstakeFeeOf(t.config, 'STORY_TESTNET');
    expect(fee).toBe(IP(1n));
    expect(tx.to.toLowerCase()).toBe(STAKING);
    expect(BigInt(tx.value)).toBe(fee);
    expect(BigInt(row.amount)).toBe(fee);
    expect(decodeStoryStakingCall(tx.input)).toMatchObject({ kind: 'unstake', delegationId, amount: IP(1024n) });

    expect(receipt.logs.map((l) => l.address.toLowerCase())).toEqual([STAKING]);
    expect(events).toHaveLength(1);
    const withdraw = events[0]!;
    expect(withdraw).toMatchObject({ kind: 'withdraw', delegationId, amount: IP(1024n) });
    expect((withdraw as { delegator: string }).delegator.toLowerCase()).toBe(s.wallet.address.toLowerCase());
    expect((withdraw as { validatorCmpPubkey: string }).validatorCmpPubkey.toLowerCase()).toBe(HANBIT);

    // The node: the fee and gas left; the books: the same from the total, the unbonding part still staked.
    expect(BigInt(row.feePaid!)).toBe(gasPaid);
    expect(await node.rpc.balance(s.wallet.address)).toBe(nodeBefore - fee - gasPaid);
    expect(await nativeBalance(t, s.wallet.id)).toEqual({
      total: booksBefore.total - fee - gasPaid,
      staked: IP(2048n),
      locked: 0n,
    });
    // Books and node agree on what the wallet can spend.
    const books = await nativeBalance(t, s.wallet.id);
    expect(books.total - books.staked).toBe(await node.rpc.balance(s.wallet.address));

    const [positionRow] = await db(t).select().from(stakingPositions).where(eq(stakingPositions.id, positionId));
    expect(positionRow).toMatchObject({ amount: IP(1024n).toString(), delegationId: delegationId.toString() });
    const unbondings = await db(t).select().from(stakingUnbondings).where(eq(stakingUnbondings.requestId, id));
    expect(unbondings).toHaveLength(1);
    expect(unbondings[0]).toMatchObject({
      positionId,
      amount: IP(1024n).toString(),
      txHash: row.hash,
      claimedAt: null,
    });
    expect(unbondings[0]!.endsAt.getTime()).toBeGreaterThan(t.clock.now().getTime());

    const view = await position();
    expect(view.positions.map((p) => [p.state, p.amount])).toEqual([
      ['ACTIVE', '1024'],
      ['UNBONDING', '1024'],
    ]);
  });

  it("numbers a locked period's position with the contract's delegation id, not the ledger's", async () => {
    const made = await s.requester.post(`${STORY}/stake-request`, {
      walletId: s.wallet.id,
      validatorId: HANBIT,
      period: 'SHORT',
      tokenType: 'UNLOCKED',
      amount: '1024',
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as string;
    const approved = await s.approver.post(`${STORY}/stake-request/approve`, {
      requestId: id,
      otpCode: await s.approver.otp(),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await untilDone(id)).toMatchObject({ status: 'COMPLETE' });
    const { events } = await onChain(id);
    // The stand-in numbers locked periods from 1, as the real contract does; the ledger alone would use the request's.
    expect(events).toMatchObject([{ kind: 'deposit', period: 'SHORT', delegationId: 1n, amount: IP(1024n) }]);
    const [positionRow] = await db(t).select().from(stakingPositions).where(eq(stakingPositions.requestId, id));
    expect(positionRow).toMatchObject({ delegationId: '1', period: 'SHORT' });
    const books = await nativeBalance(t, s.wallet.id);
    expect(books.staked).toBe(IP(3072n));
    expect(books.total - books.staked).toBe(await node.rpc.balance(s.wallet.address));
  });
});
