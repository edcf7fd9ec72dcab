import { type Blockchain, STAKING_BLOCKCHAINS } from '@vaultline/contracts';
import { type Config, chainRuntimeOf } from '../../config.js';
import type { Db } from '../../db/client.js';
import { stakingValidatorsRepository } from './staking.repository.js';

const IP = 10n ** 18n;

/**
 * The validator set of networks whose consensus layer the staking ledger plays (the devnet, and anvil in tests).
 * The keys are real compressed secp256k1 keys (of private keys sha256('vaultline-ledger-validator-N'), published
 * here: nothing signs with them); the operator addresses are theirs. Terms are plausible for Story: commissions from
 * its 5 % minimum, one validator accepting locked tokens only. With a node of the real chain the set comes from the
 * chain's consensus-layer API instead (`STAKING_API_<BLOCKCHAIN>`, chain-validators.service.ts).
 */
export const LEDGER_VALIDATORS = [
  {
    validatorId: '0x022078ad2a7aeda10ab106e9b6677728bd1f3e2f77cfb884bbc1b0cae9bf735467',
    operatorAddress: '0x8d7ff9e3f22c921688ed3f8765c7861e030c04bf',
    name: 'Hanbit Staking',
    commissionBps: 500,
    rewardRateBps: 1_000,
    uptimeBps: 9_998,
    tokenType: 'UNLOCKED',
    externalStaked: 2_400_000n * IP,
  },
  {
    validatorId: '0x022fb0873a6d0b3817d18483084f2f9445008ea4df956d8d768bc288b1dfc5ca17',
    operatorAddress: '0x1174d27bfed6aac47dba25ee4a20dd2ff0340644',
    name: 'Namsan Node',
    commissionBps: 1_000,
    rewardRateBps: 1_500,
    uptimeBps: 9_990,
    tokenType: 'UNLOCKED',
    externalStaked: 1_150_000n * IP,
  },
  {
    validatorId: '0x028e028813b4403bc1c6d99c03516113c54fcd1077e07912e371a5ba183e360a8d',
    operatorAddress: '0x147c3aabca83dbcfdc3d532718739cdcfb8afa19',
    name: 'Jeju Validator',
    commissionBps: 800,
    rewardRateBps: 1_200,
    uptimeBps: 9_950,
    tokenType: 'UNLOCKED',
    externalStaked: 640_000n * IP,
  },
  {
    validatorId: '0x03bdad7b49e2c6cbd242e547ad1c36c7c5c311121e70c6b30d7ac2aaa8426f1a96',
    operatorAddress: '0x8b58df23b04a9eeb6ed1da14df8558fcea5fbf20',
    name: 'Hallasan Locked Pool',
    commissionBps: 500,
    rewardRateBps: 1_000,
    uptimeBps: 9_995,
    tokenType: 'LOCKED',
    externalStaked: 5_300_000n * IP,
  },
] as const;

/** The networks of STAKING_BLOCKCHAINS whose staking the ledger plays: those running on the devnet. */
export function ledgerNetworks(config: Pick<Config, 'chainRpc' | 'production'>): Blockchain[] {
  return STAKING_BLOCKCHAINS.filter((b) => chainRuntimeOf(config, b).kind === 'devnet');
}

/** Puts the ledger's validator set on `blockchains` (idempotent: existing rows are left as they are). */
export async function ensureLedgerValidators(db: Db, blockchains: readonly Blockchain[]) {
  const repo = stakingValidatorsRepository(db);
  for (const blockchain of blockchains) {
    for (const v of LEDGER_VALIDATORS) {
      await repo.upsert({ ...v, blockchain, externalStaked: v.externalStaked.toString() });
    }
  }
}
