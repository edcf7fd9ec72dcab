import {
  canonicalAddress,
  decodeStoryStakingLogs,
  encodeStoryStake,
  encodeStoryUnstake,
  STORY_STAKING_ABI,
} from '@vaultline/chains';
import { type Blockchain, nativeToken, STORY_STAKING } from '@vaultline/contracts';
import { encodeFunctionData, type Hex, keccak256, stringToBytes } from 'viem';
import type { Config } from '../config.js';
import { chainRuntimeOf } from '../config.js';
import type { Db } from '../db/client.js';
import { ledgerView } from '../devnet/ledger-view.js';
import type { JobData } from '../jobs/queue.js';
import type { RequestExecution } from '../modules/approvals/request-execution.service.js';
import {
  type DelegationIdOf,
  STAKING_PURPOSE,
  type StakingPayout,
  stakingExecution,
} from '../modules/staking/staking-execution.service.js';
import { EvmRpc } from './chains/evm-rpc.js';
import { transactionExecutor } from './transactions/executor.js';
import { createSigner } from './transactions/signer.js';
import { nodeOf } from './transactions/sweeper.js';
import { codeOfBuildFailure } from './transactions/transfer-planner.js';

/**
 * Executes approved staking requests. A stake or an unstake is a call of Story's IPTokenStaking predeploy, with the
 * calldata of its published interface, built into the request's one chain_transactions row (a retried job finds it)
 * and sent by the sweeper like a withdrawal; it settles in the staking ledger once final (staking-execution). A claim
 * sends nothing of ours: the consensus layer pays it, and the ledger books it in the transaction that completes it.
 */
export function stakingHandler(deps: { db: Db; config: Config; requests: RequestExecution; now: () => Date }) {
  const { db, config, requests, now } = deps;
  const staking = stakingExecution(db, config);
  const signer = createSigner({ db, masterKey: config.masterKey });
  const fail = (job: JobData, code: string) =>
    requests.finish(job.organizationId, job.requestId, async () => ({ failure: code }));

  return async (job: JobData) => {
    await requests.begin(job.organizationId, job.requestId);
    const target = await staking.target(job.organizationId, job.requestId);
    if (!target) return;
    if (target.content.kind === 'STAKING_CLAIM') {
      // Paid from the ledger in one transaction (a request finished by an earlier attempt is left as it is).
      await staking.payClaim(requests, job.organizationId, job.requestId, now, consensusPayout(config, now));
      return;
    }
    const { content, fromAddress } = target as typeof target & {
      content: { kind: 'STAKING_STAKE' | 'STAKING_UNSTAKE' };
    };
    const blockchain = content.blockchain as Blockchain;
    const node = nodeOf(db, config, blockchain, now);
    if (!node) {
      await fail(job, '4032');
      return;
    }
    // The contract takes exactly its current fee (governance can change it): the node's word, the devnet's constant.
    const fee = content.kind === 'STAKING_UNSTAKE' ? await unstakeFeeOf(config, blockchain) : 0n;
    // The builders refuse what the contract would revert (a key off the curve, an unstake under the minimum).
    const call = await codeOfBuildFailure(() =>
      content.kind === 'STAKING_STAKE'
        ? {
            data: encodeStoryStake({ validatorCmpPubkey: content.validatorId, period: content.period }),
            amount: BigInt(content.amount),
          }
        : {
            data: encodeStoryUnstake({
              validatorCmpPubkey: content.validatorId,
              delegationId: BigInt(content.delegationId),
              amount: BigInt(content.amount),
            }),
            amount: fee,
          },
    );
    if (typeof call === 'string') {
      await fail(job, call);
      return;
    }
    const executor = transactionExecutor({ db, node, signer, confirmations: 1 });
    const row = await executor.create({
      organizationId: job.organizationId,
      requestId: job.requestId,
      purpose: STAKING_PURPOSE,
      blockchain,
      fromAddress,
      toAddress: STORY_STAKING.contractAddress,
      tokenId: nativeToken(blockchain).tokenId,
      ...call,
    });
    if (row.status === 'FAILED') await fail(job, row.failureCode ?? '4032');
  };
}

/**
 * Where the staking ledger plays the consensus layer (the devnet), a claim is credited to the wallet's address as
 * Story's withdrawal queue does it: an execution-layer credit from the staking predeploy that no key signs, written
 * into the devnet's ledger in the claim's own database transaction (mined into the next block). The watcher leaves
 * it to the claim's CLAIM activity. On a real chain the consensus layer pays by itself: nothing to do here.
 */
export function consensusPayout(config: Pick<Config, 'chainRpc' | 'production'>, now: () => Date): StakingPayout {
  return async (tx, { blockchain, toAddress, amount, requestId }) => {
    if (chainRuntimeOf(config, blockchain).kind !== 'devnet') return null;
    const hash = keccak256(stringToBytes(`story-cl-withdrawal:${requestId}`));
    await ledgerView(tx, blockchain).insert({
      tx: {
        hash,
        blockchain,
        tokenId: nativeToken(blockchain).tokenId,
        fromAddress: canonicalAddress(blockchain, STORY_STAKING.contractAddress),
        toAddress: canonicalAddress(blockchain, toAddress),
        amount,
        fee: 0n,
        sequence: null,
        blockHeight: null,
        willFail: false,
        createdAt: now(),
      },
      spends: [],
      outputs: [],
    });
    return hash;
  };
}

/** `fee()` of the staking predeploy on a network's node; STORY_STAKING.unstakeFee where the devnet plays it. */
export async function unstakeFeeOf(config: Pick<Config, 'chainRpc' | 'production'>, blockchain: Blockchain) {
  const runtime = chainRuntimeOf(config, blockchain);
  if (runtime.kind !== 'rpc') return STORY_STAKING.unstakeFee;
  const data = encodeFunctionData({ abi: STORY_STAKING_ABI, functionName: 'fee' });
  const answer = await new EvmRpc(runtime.url).call<Hex>('eth_call', [
    { to: STORY_STAKING.contractAddress, data },
    'latest',
  ]);
  return BigInt(answer);
}

/**
 * A confirmed stake's delegation id, from the Deposit event in its receipt on a node; null on the devnet, which
 * keeps no logs (the ledger numbers the delegation then).
 */
export function delegationIdReader(config: Pick<Config, 'chainRpc' | 'production'>): DelegationIdOf {
  return async ({ blockchain, hash }) => {
    const runtime = chainRuntimeOf(config, blockchain as Blockchain);
    if (runtime.kind !== 'rpc') return null;
    const receipt = await new EvmRpc(runtime.url).call<{
      logs?: { address: string; topics: string[]; data: string }[];
    }>('eth_getTransactionReceipt', [hash]);
    const deposit = decodeStoryStakingLogs(receipt?.logs ?? []).find((e) => e.kind === 'deposit');
    return deposit ? deposit.delegationId.toString() : null;
  };
}
