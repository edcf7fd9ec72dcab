// Story staking: calls of the IPTokenStaking predeploy (STORY_STAKING.contractAddress) and the events it emits.
// The ABI is the subset of piplabs/story contracts/src/interfaces/IIPTokenStaking.sol (the compressed-key interface
// of the mainnet contracts) that the product uses: stake and unstake, Deposit and Withdraw. Pure: no I/O.
//   function stake(bytes validatorCmpPubkey, StakingPeriod stakingPeriod, bytes data) payable returns (uint256)
//   function unstake(bytes validatorCmpPubkey, uint256 delegationId, uint256 amount, bytes data) payable
//   event Deposit(address delegator, bytes validatorCmpPubkey, uint256 stakeAmount, uint256 stakingPeriod,
//                 uint256 delegationId, address operatorAddress, bytes data)
//   event Withdraw(address delegator, bytes validatorCmpPubkey, uint256 stakeAmount, uint256 delegationId,
//                  address operatorAddress, bytes data)
// No event parameter is indexed: topics hold only the event's signature hash, everything else is in `data`.
// `stake` sends the stake as msg.value (rounded down to whole gwei, the remainder refunded; at least minStakeAmount);
// `unstake` sends exactly the contract's `fee()` as msg.value and names the amount in its arguments.

import { secp256k1 } from '@noble/curves/secp256k1.js';
import { STAKING_PERIODS, STORY_STAKING, type StakingPeriod } from '@vaultline/contracts';
import { decodeEventLog, decodeFunctionData, encodeFunctionData, type Hex, isHex, toEventSelector } from 'viem';
import { toChecksumAddress } from '../families/evm.js';
import { TransferBuildError } from './types.js';

/** The IPTokenStaking predeploy, checksummed. */
export const STORY_STAKING_CONTRACT = toChecksumAddress(STORY_STAKING.contractAddress);

export const STORY_STAKING_ABI = [
  // What unstake's msg.value must be exactly; governance may change it, so it is read from the chain.
  {
    type: 'function',
    name: 'fee',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'uint256', internalType: 'uint256' }],
  },
  {
    type: 'function',
    name: 'stake',
    stateMutability: 'payable',
    inputs: [
      { name: 'validatorCmpPubkey', type: 'bytes', internalType: 'bytes' },
      { name: 'stakingPeriod', type: 'uint8', internalType: 'enum IIPTokenStaking.StakingPeriod' },
      { name: 'data', type: 'bytes', internalType: 'bytes' },
    ],
    outputs: [{ name: 'delegationId', type: 'uint256', internalType: 'uint256' }],
  },
  {
    type: 'function',
    name: 'unstake',
    stateMutability: 'payable',
    inputs: [
      { name: 'validatorCmpPubkey', type: 'bytes', internalType: 'bytes' },
      { name: 'delegationId', type: 'uint256', internalType: 'uint256' },
      { name: 'amount', type: 'uint256', internalType: 'uint256' },
      { name: 'data', type: 'bytes', internalType: 'bytes' },
    ],
    outputs: [],
  },
  {
    type: 'event',
    name: 'Deposit',
    anonymous: false,
    inputs: [
      { name: 'delegator', type: 'address', indexed: false, internalType: 'address' },
      { name: 'validatorCmpPubkey', type: 'bytes', indexed: false, internalType: 'bytes' },
      { name: 'stakeAmount', type: 'uint256', indexed: false, internalType: 'uint256' },
      { name: 'stakingPeriod', type: 'uint256', indexed: false, internalType: 'uint256' },
      { name: 'delegationId', type: 'uint256', indexed: false, internalType: 'uint256' },
      { name: 'operatorAddress', type: 'address', indexed: false, internalType: 'address' },
      { name: 'data', type: 'bytes', indexed: false, internalType: 'bytes' },
    ],
  },
  {
    type: 'event',
    name: 'Withdraw',
    anonymous: false,
    inputs: [
      { name: 'delegator', type: 'address', indexed: false, internalType: 'address' },
      { name: 'validatorCmpPubkey', type: 'bytes', indexed: false, internalType: 'bytes' },
      { name: 'stakeAmount', type: 'uint256', indexed: false, internalType: 'uint256' },
      { name: 'delegationId', type: 'uint256', indexed: false, internalType: 'uint256' },
      { name: 'operatorAddress', type: 'address', indexed: false, internalType: 'address' },
      { name: 'data', type: 'bytes', indexed: false, internalType: 'bytes' },
    ],
  },
] as const;

export const STORY_DEPOSIT_TOPIC = toEventSelector('Deposit(address,bytes,uint256,uint256,uint256,address,bytes)');
export const STORY_WITHDRAW_TOPIC = toEventSelector('Withdraw(address,bytes,uint256,uint256,address,bytes)');

/** Whether `hex` (with or without 0x) is a 33-byte compressed secp256k1 key (0x02/0x03) of a point on the curve. */
export function isValidValidatorCmpPubkey(hex: string): boolean {
  if (typeof hex !== 'string') return false;
  const body = hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex;
  if (!/^0[23][0-9a-fA-F]{64}$/.test(body)) return false;
  try {
    secp256k1.Point.fromHex(body.toLowerCase());
    return true;
  } catch {
    return false;
  }
}

function checkedPubkey(hex: string): Hex {
  if (!isValidValidatorCmpPubkey(hex)) {
    throw new TransferBuildError('INVALID_ADDRESS', `${hex} is not a compressed secp256k1 validator key`);
  }
  const body = hex.slice(0, 2).toLowerCase() === '0x' ? hex.slice(2) : hex;
  return `0x${body.toLowerCase()}`;
}

function checkedData(data: string | undefined): Hex {
  if (data === undefined) return '0x';
  if (!isHex(data, { strict: true }) || data.length % 2 !== 0) throw new RangeError(`${data} is not hex bytes`);
  return data;
}

export interface StoryStakeCall {
  validatorCmpPubkey: string;
  period: StakingPeriod;
  /** Opaque bytes the contract passes on in its event; none by default. */
  data?: string;
}

export interface StoryUnstakeCall {
  validatorCmpPubkey: string;
  /** 0 for a FLEXIBLE delegation; the id the Deposit event gave otherwise. */
  delegationId: bigint;
  /** Base units (wei) of IP to unstake: at least STORY_STAKING.minUnstake, whole gwei. */
  amount: bigint;
  data?: string;
}

/** Calldata of `stake`; the stake itself is the transaction's value (at least minStake, whole gwei). */
export function encodeStoryStake({ validatorCmpPubkey, period, data }: StoryStakeCall): Hex {
  const index = STAKING_PERIODS.indexOf(period);
  if (index < 0) throw new RangeError(`Unknown staking period ${period}`);
  return encodeFunctionData({
    abi: STORY_STAKING_ABI,
    functionName: 'stake',
    args: [checkedPubkey(validatorCmpPubkey), index, checkedData(data)],
  });
}

/** Calldata of `unstake`; the transaction's value must be exactly the contract's fee (STORY_STAKING.unstakeFee). */
export function encodeStoryUnstake({ validatorCmpPubkey, delegationId, amount, data }: StoryUnstakeCall): Hex {
  if (delegationId < 0n) throw new RangeError(`Invalid delegation id ${delegationId}`);
  if (amount < STORY_STAKING.minUnstake) {
    throw new TransferBuildError('AMOUNT_TOO_SMALL', `Unstake ${amount} is below ${STORY_STAKING.minUnstake}`);
  }
  if (amount % STORY_STAKING.stakeRounding !== 0n) {
    // The contract would round it down silently; we unstake exactly what was asked or nothing.
    throw new TransferBuildError('AMOUNT_TOO_SMALL', `Unstake ${amount} is not whole gwei`);
  }
  return encodeFunctionData({
    abi: STORY_STAKING_ABI,
    functionName: 'unstake',
    args: [checkedPubkey(validatorCmpPubkey), delegationId, amount, checkedData(data)],
  });
}

export type DecodedStoryStakingCall =
  | { kind: 'stake'; validatorCmpPubkey: Hex; period: StakingPeriod; data: Hex }
  | { kind: 'unstake'; validatorCmpPubkey: Hex; delegationId: bigint; amount: bigint; data: Hex };

/**
 * The stake or unstake call `data` makes, or null for anything else: another function, bytes that do not decode,
 * a period the contract's enum does not have (the contract reverts on it).
 */
export function decodeStoryStakingCall(data: string): DecodedStoryStakingCall | null {
  if (!isHex(data, { strict: true })) return null;
  let call: ReturnType<typeof decodeFunctionData<typeof STORY_STAKING_ABI>>;
  try {
    call = decodeFunctionData({ abi: STORY_STAKING_ABI, data });
  } catch {
    return null;
  }
  if (call.functionName === 'stake') {
    const [validatorCmpPubkey, index, extra] = call.args;
    const period = STAKING_PERIODS[index];
    return period === undefined ? null : { kind: 'stake', validatorCmpPubkey, period, data: extra };
  }
  if (call.functionName !== 'unstake') return null;
  const [validatorCmpPubkey, delegationId, amount, extra] = call.args;
  return { kind: 'unstake', validatorCmpPubkey, delegationId, amount, data: extra };
}

export interface EvmLogLike {
  address: string;
  topics: readonly string[];
  data: string;
}

interface StoryStakingEventBase {
  /** Position of the log in the list given. */
  index: number;
  delegator: string;
  validatorCmpPubkey: Hex;
  /** Deposit: the stake after rounding; Withdraw: the amount asked to unstake. */
  amount: bigint;
  delegationId: bigint;
  /** Who called (the delegator, or an operator acting for it). */
  operator: string;
  data: Hex;
}

export type StoryStakingEvent =
  | (StoryStakingEventBase & { kind: 'deposit'; period: StakingPeriod })
  | (StoryStakingEventBase & { kind: 'withdraw' });

/**
 * The Deposit and Withdraw events among `logs` (a receipt's, or eth_getLogs'), emitted by the staking predeploy
 * only: a contract elsewhere emitting the same event proves nothing. Logs that do not decode are skipped.
 */
export function decodeStoryStakingLogs(logs: readonly EvmLogLike[]): StoryStakingEvent[] {
  const events: StoryStakingEvent[] = [];
  const staking = STORY_STAKING.contractAddress.toLowerCase();
  logs.forEach((log, index) => {
    if (log.address.toLowerCase() !== staking) return;
    // Nothing is indexed: the signature's hash is the only topic a real Deposit or Withdraw has.
    const topic = log.topics.length === 1 ? log.topics[0]?.toLowerCase() : undefined;
    if (topic !== STORY_DEPOSIT_TOPIC && topic !== STORY_WITHDRAW_TOPIC) return;
    let decoded: ReturnType<typeof decodeEventLog<typeof STORY_STAKING_ABI>>;
    try {
      decoded = decodeEventLog({
        abi: STORY_STAKING_ABI,
        topics: log.topics as [Hex, ...Hex[]],
        data: log.data as Hex,
        strict: true,
      });
    } catch {
      return;
    }
    const a = decoded.args;
    const base = {
      index,
      delegator: toChecksumAddress(a.delegator),
      validatorCmpPubkey: a.validatorCmpPubkey,
      amount: a.stakeAmount,
      delegationId: a.delegationId,
      operator: toChecksumAddress(a.operatorAddress),
      data: a.data,
    };
    if (decoded.eventName === 'Withdraw') {
      events.push({ ...base, kind: 'withdraw' });
      return;
    }
    const { stakingPeriod } = decoded.args;
    const period = stakingPeriod < BigInt(STAKING_PERIODS.length) ? STAKING_PERIODS[Number(stakingPeriod)] : undefined;
    if (period !== undefined) events.push({ ...base, kind: 'deposit', period });
  });
  return events;
}
