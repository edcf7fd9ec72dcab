// EVM on the devnet: a raw EIP-1559 envelope, its sender recovered with viem as a node does, and the one transfer it
// makes (the value, or an ERC-20 `transfer(address,uint256)` of a catalogue token). On Story, a `stake` or `unstake`
// call of the staking predeploy is taken too: its value moves to the contract address like a plain transfer.
import { type Blockchain, STORY_STAKING } from '@vaultline/contracts';
import {
  bytesToHex,
  decodeFunctionData,
  erc20Abi,
  hexToBigInt,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionSerializableEIP1559,
} from 'viem';
import { toChecksumAddress } from '../families/evm.js';
import { evmChainIdOf } from '../tx/evm.js';
import { decodeStoryStakingCall } from '../tx/story-staking.js';
import {
  catalogueTokenByContract,
  DEVNET_ERC20_TRANSFER_GAS,
  DEVNET_EVM_BASE_FEE,
  DEVNET_EVM_TRANSFER_GAS,
  DEVNET_STAKING_CALL_GAS,
  isDevnetStakingCall,
  nativeTokenId,
  refuse,
  type VerifiedTransfer,
} from './verify-types.js';

/** secp256k1's group order: EIP-2 admits only signatures with s in the lower half. */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

function parsed(serialized: `0x${string}`): TransactionSerializableEIP1559 & { r?: string; s?: string } {
  let tx: ReturnType<typeof parseTransaction>;
  try {
    tx = parseTransaction(serialized);
  } catch (error) {
    return refuse('MALFORMED', `Not an EVM transaction: ${(error as Error).message.split('\n')[0]}`);
  }
  if (tx.type !== 'eip1559') return refuse('MALFORMED', `The devnet takes EIP-1559 transactions, not ${tx.type}`);
  return tx as TransactionSerializableEIP1559 & { r?: string; s?: string };
}

/**
 * A call of the staking predeploy: `stake` with at least the minimum in whole gwei (the real contract would round
 * down and refund the rest; the devnet takes exact stakes only), `unstake` paying exactly the fee. The value is what
 * moves, to the contract address; what the consensus layer does with it is not the devnet's to simulate.
 */
function stakingTransfer(blockchain: Blockchain, contract: string, data: `0x${string}`, value: bigint) {
  const call = decodeStoryStakingCall(data);
  if (call === null) return refuse('MALFORMED', 'The devnet carries stake and unstake calls of the staking contract');
  if (call.kind === 'stake') {
    if (value < STORY_STAKING.minStake) refuse('MALFORMED', `Stake ${value} is below ${STORY_STAKING.minStake}`);
    if (value % STORY_STAKING.stakeRounding !== 0n) {
      refuse('MALFORMED', `Stake ${value} is not a multiple of ${STORY_STAKING.stakeRounding}`);
    }
  } else if (value !== STORY_STAKING.unstakeFee) {
    refuse('MALFORMED', `An unstake pays exactly the fee ${STORY_STAKING.unstakeFee}, not ${value}`);
  }
  return { to: contract, tokenId: nativeTokenId(blockchain), amount: value, gasUsed: DEVNET_STAKING_CALL_GAS };
}

export async function verifyEvmDevnet(blockchain: Blockchain, raw: Uint8Array): Promise<VerifiedTransfer> {
  const serialized = bytesToHex(raw);
  const tx = parsed(serialized);
  if (tx.chainId !== evmChainIdOf(blockchain)) {
    refuse('WRONG_CHAIN', `Chain id ${tx.chainId} is not ${blockchain}'s ${evmChainIdOf(blockchain)}`);
  }
  const r = tx.r ? hexToBigInt(tx.r as `0x${string}`) : 0n;
  const s = tx.s ? hexToBigInt(tx.s as `0x${string}`) : 0n;
  // An unsigned envelope, a zero or a high-s signature is invalid before any recovery is tried (EIP-2).
  if (r === 0n || s === 0n || s > SECP256K1_N / 2n) refuse('INVALID_SIGNATURE', 'The signature is missing or invalid');
  let from: string;
  try {
    from = await recoverTransactionAddress({ serializedTransaction: serialized as `0x02${string}` });
  } catch {
    return refuse('INVALID_SIGNATURE', 'No sender recovers from the signature');
  }
  if (!tx.to) return refuse('MALFORMED', 'The devnet carries transfers, not contract creations');
  const maxFee = tx.maxFeePerGas ?? 0n;
  const tip = tx.maxPriorityFeePerGas ?? 0n;
  if (tip > maxFee) refuse('MALFORMED', 'The priority fee exceeds the fee cap');
  if (maxFee < DEVNET_EVM_BASE_FEE) refuse('FEE_TOO_LOW', `The fee cap is below the base fee ${DEVNET_EVM_BASE_FEE}`);

  let transfer: { to: string; tokenId: string; amount: bigint; gasUsed: bigint };
  const data = tx.data && tx.data !== '0x' ? tx.data : undefined;
  if (!data) {
    transfer = {
      to: tx.to,
      tokenId: nativeTokenId(blockchain),
      amount: tx.value ?? 0n,
      gasUsed: DEVNET_EVM_TRANSFER_GAS,
    };
  } else if (isDevnetStakingCall(blockchain, tx.to)) {
    transfer = stakingTransfer(blockchain, tx.to, data, tx.value ?? 0n);
  } else {
    const token = catalogueTokenByContract(blockchain, tx.to);
    if ((tx.value ?? 0n) !== 0n) refuse('MALFORMED', 'A token transfer carries no value');
    let call: ReturnType<typeof decodeFunctionData<typeof erc20Abi>>;
    try {
      call = decodeFunctionData({ abi: erc20Abi, data });
    } catch {
      return refuse('MALFORMED', 'The calldata is not an ERC-20 call');
    }
    if (call.functionName !== 'transfer')
      refuse('MALFORMED', `The devnet carries transfer calls, not ${call.functionName}`);
    const [to, amount] = call.args as readonly [string, bigint];
    transfer = { to, tokenId: token.tokenId, amount, gasUsed: DEVNET_ERC20_TRANSFER_GAS };
  }
  const gas = tx.gas ?? 0n;
  if (gas < transfer.gasUsed) refuse('MALFORMED', `Intrinsic gas too low: ${gas} < ${transfer.gasUsed}`);
  // EIP-1559: the sender pays base fee + tip per gas used, never more than its cap; a node reserves the whole cap.
  const price = maxFee < DEVNET_EVM_BASE_FEE + tip ? maxFee : DEVNET_EVM_BASE_FEE + tip;
  return {
    hash: keccak256(serialized),
    from: toChecksumAddress(from),
    to: toChecksumAddress(transfer.to),
    tokenId: transfer.tokenId,
    amount: transfer.amount,
    fee: transfer.gasUsed * price,
    reserve: gas * maxFee,
    sequence: tx.nonce ?? 0,
    spends: [],
    outputs: [],
  };
}
