import { STORY_STAKING } from '@vaultline/contracts';
import { encodeAbiParameters, encodeEventTopics, type Hex, parseAbiParameters, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  decodeStoryStakingCall,
  decodeStoryStakingLogs,
  encodeStoryStake,
  encodeStoryUnstake,
  isValidValidatorCmpPubkey,
  STORY_DEPOSIT_TOPIC,
  STORY_STAKING_ABI,
  STORY_STAKING_CONTRACT,
  STORY_WITHDRAW_TOPIC,
} from './story-staking.js';
import { TransferBuildError } from './types.js';

// The validator key of piplabs/story's IPTokenStaking tests, and one with its x not on the curve.
const VALIDATOR = '0x0381513466154dfc0e702d8325d7a45284bc395f60b813230da299fab640c1eb08';
const OFF_CURVE = '0x0342013466154dfc0e702d8325d7a45284bc395f60b813230da299fab640c1eb08';
const DELEGATOR = '0xf398C12A45Bc409b6C652E25bb0a3e702492A4ab';
const IP = 10n ** 18n;

const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof TransferBuildError) return error.reason;
    throw error;
  }
  return undefined;
};

describe('the IPTokenStaking ABI subset', () => {
  it('has the selectors of the real signatures (enum StakingPeriod is a uint8 in the ABI)', () => {
    expect(STORY_STAKING_CONTRACT).toBe('0xCCcCcC0000000000000000000000000000000001');
    expect(encodeStoryStake({ validatorCmpPubkey: VALIDATOR, period: 'FLEXIBLE' }).slice(0, 10)).toBe(
      toFunctionSelector('stake(bytes,uint8,bytes)'),
    );
    expect(
      encodeStoryUnstake({ validatorCmpPubkey: VALIDATOR, delegationId: 0n, amount: 1024n * IP }).slice(0, 10),
    ).toBe(toFunctionSelector('unstake(bytes,uint256,uint256,bytes)'));
    const events = STORY_STAKING_ABI.filter((item) => item.type === 'event');
    expect(events.flatMap((e) => e.inputs.filter((i) => i.indexed))).toEqual([]);
    expect(encodeEventTopics({ abi: STORY_STAKING_ABI, eventName: 'Deposit' })).toEqual([STORY_DEPOSIT_TOPIC]);
    expect(encodeEventTopics({ abi: STORY_STAKING_ABI, eventName: 'Withdraw' })).toEqual([STORY_WITHDRAW_TOPIC]);
  });
});

describe('isValidValidatorCmpPubkey', () => {
  it('takes 33-byte compressed keys on the curve, with or without 0x', () => {
    expect(isValidValidatorCmpPubkey(VALIDATOR)).toBe(true);
    expect(isValidValidatorCmpPubkey(VALIDATOR.slice(2))).toBe(true);
    expect(isValidValidatorCmpPubkey(VALIDATOR.toUpperCase().replace('0X', '0x'))).toBe(true);
  });

  it('refuses other lengths, prefixes, uncompressed keys and points off the curve', () => {
    expect(isValidValidatorCmpPubkey(OFF_CURVE)).toBe(false);
    expect(isValidValidatorCmpPubkey(`0x04${VALIDATOR.slice(4)}`)).toBe(false);
    expect(isValidValidatorCmpPubkey(VALIDATOR.slice(0, -2))).toBe(false);
    expect(isValidValidatorCmpPubkey(`${VALIDATOR}00`)).toBe(false);
    expect(isValidValidatorCmpPubkey(`0x04${'11'.repeat(64)}`)).toBe(false);
    expect(isValidValidatorCmpPubkey('0x1234')).toBe(false);
    expect(isValidValidatorCmpPubkey('')).toBe(false);
  });
});

describe('encode and decode calls', () => {
  it('round-trips stake for every period, in the enum order of the contract', () => {
    const periods = ['FLEXIBLE', 'SHORT', 'MEDIUM', 'LONG'] as const;
    periods.forEach((period, index) => {
      const data = encodeStoryStake({ validatorCmpPubkey: VALIDATOR, period, data: '0xabcd' });
      // Second word: the uint8 period.
      expect(BigInt(`0x${data.slice(10 + 64, 10 + 128)}`)).toBe(BigInt(index));
      expect(decodeStoryStakingCall(data)).toEqual({
        kind: 'stake',
        validatorCmpPubkey: VALIDATOR,
        period,
        data: '0xabcd',
      });
    });
  });

  it('round-trips unstake and refuses amounts the contract would refuse or round', () => {
    const data = encodeStoryUnstake({ validatorCmpPubkey: VALIDATOR.slice(2), delegationId: 7n, amount: 2048n * IP });
    expect(decodeStoryStakingCall(data)).toEqual({
      kind: 'unstake',
      validatorCmpPubkey: VALIDATOR,
      delegationId: 7n,
      amount: 2048n * IP,
      data: '0x',
    });
    const unstake = (amount: bigint) => () =>
      encodeStoryUnstake({ validatorCmpPubkey: VALIDATOR, delegationId: 0n, amount });
    expect(reason(unstake(STORY_STAKING.minUnstake - STORY_STAKING.stakeRounding))).toBe('AMOUNT_TOO_SMALL');
    expect(reason(unstake(STORY_STAKING.minUnstake + 1n))).toBe('AMOUNT_TOO_SMALL');
    expect(reason(unstake(STORY_STAKING.minUnstake))).toBeUndefined();
    expect(() => encodeStoryUnstake({ validatorCmpPubkey: VALIDATOR, delegationId: -1n, amount: 2048n * IP })).toThrow(
      RangeError,
    );
  });

  it('refuses invalid validator keys, unknown periods and non-hex data', () => {
    expect(reason(() => encodeStoryStake({ validatorCmpPubkey: OFF_CURVE, period: 'LONG' }))).toBe('INVALID_ADDRESS');
    expect(() => encodeStoryStake({ validatorCmpPubkey: VALIDATOR, period: 'FOREVER' as 'LONG' })).toThrow(RangeError);
    expect(() => encodeStoryStake({ validatorCmpPubkey: VALIDATOR, period: 'LONG', data: 'hello' })).toThrow(
      RangeError,
    );
    expect(() => encodeStoryStake({ validatorCmpPubkey: VALIDATOR, period: 'LONG', data: '0xabc' })).toThrow(
      RangeError,
    );
  });

  it('decodes nothing else: other functions, garbage, a period outside the enum', () => {
    expect(decodeStoryStakingCall(`0xa9059cbb${'00'.repeat(64)}`)).toBeNull();
    expect(decodeStoryStakingCall('0x')).toBeNull();
    expect(decodeStoryStakingCall('nope')).toBeNull();
    const stake = encodeStoryStake({ validatorCmpPubkey: VALIDATOR, period: 'LONG' });
    expect(decodeStoryStakingCall(stake.slice(0, 40))).toBeNull();
    const badPeriod = `${stake.slice(0, 10 + 64)}${'0'.repeat(63)}4${stake.slice(10 + 128)}` as Hex;
    expect(decodeStoryStakingCall(badPeriod)).toBeNull();
  });
});

describe('decodeStoryStakingLogs', () => {
  const depositData = encodeAbiParameters(
    parseAbiParameters('address, bytes, uint256, uint256, uint256, address, bytes'),
    [DELEGATOR, VALIDATOR, 1024n * IP, 2n, 5n, DELEGATOR, '0x'],
  );
  const withdrawData = encodeAbiParameters(parseAbiParameters('address, bytes, uint256, uint256, address, bytes'), [
    DELEGATOR,
    VALIDATOR,
    2048n * IP,
    5n,
    DELEGATOR,
    '0x01',
  ]);
  const staking = STORY_STAKING.contractAddress.toLowerCase();

  it('reads Deposit and Withdraw of the staking predeploy', () => {
    const events = decodeStoryStakingLogs([
      { address: staking, topics: [STORY_DEPOSIT_TOPIC], data: depositData },
      { address: STORY_STAKING.contractAddress, topics: [STORY_WITHDRAW_TOPIC], data: withdrawData },
    ]);
    expect(events).toEqual([
      {
        kind: 'deposit',
        index: 0,
        delegator: DELEGATOR,
        validatorCmpPubkey: VALIDATOR,
        amount: 1024n * IP,
        period: 'MEDIUM',
        delegationId: 5n,
        operator: DELEGATOR,
        data: '0x',
      },
      {
        kind: 'withdraw',
        index: 1,
        delegator: DELEGATOR,
        validatorCmpPubkey: VALIDATOR,
        amount: 2048n * IP,
        delegationId: 5n,
        operator: DELEGATOR,
        data: '0x01',
      },
    ]);
  });

  it('ignores other emitters, other events, undecodable data and periods outside the enum', () => {
    const other = '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238';
    const badPeriod = encodeAbiParameters(
      parseAbiParameters('address, bytes, uint256, uint256, uint256, address, bytes'),
      [DELEGATOR, VALIDATOR, 1024n * IP, 9n, 5n, DELEGATOR, '0x'],
    );
    expect(
      decodeStoryStakingLogs([
        { address: other, topics: [STORY_DEPOSIT_TOPIC], data: depositData },
        { address: staking, topics: [toFunctionSelector('transfer(address,uint256)').padEnd(66, '0')], data: '0x' },
        { address: staking, topics: [], data: depositData },
        { address: staking, topics: [STORY_DEPOSIT_TOPIC], data: '0x1234' },
        { address: staking, topics: [STORY_DEPOSIT_TOPIC, STORY_DEPOSIT_TOPIC], data: depositData },
        { address: staking, topics: [STORY_DEPOSIT_TOPIC], data: badPeriod },
      ]),
    ).toEqual([]);
  });
});
