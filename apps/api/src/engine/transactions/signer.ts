// The only place a private key exists: the organization's mnemonic is unsealed with MASTER_KEY for one signature,
// the wallet's key derived from it, the transaction signed, and the key bytes overwritten before returning. Nothing
// here logs, returns or stores a key; what leaves is the signed bytes, already verified by the family's library.
import {
  deriveSigningKey,
  type EvmUnsignedTransfer,
  mnemonicToSeed,
  type SignedTransfer,
  signBtcTransfer,
  signEosTransfer,
  signEvmTransfer,
  signSolTransfer,
  type UnsignedTransfer,
} from '@vaultline/chains';
import { type Blockchain, familyOf } from '@vaultline/contracts';
import type { Db } from '../../db/client.js';
import { gasFeeSigningMaterial } from '../../modules/gas-fee-wallets/gas-fee-custody.service.js';
import { walletCustody } from '../../modules/wallets/wallet-custody.service.js';
import { decryptAtRest } from '../../security/at-rest.js';
import { SEED_CONTEXT } from '../wallet-creation.js';

/** One unsigned transaction of a wallet, as the executor stored it. */
export interface SigningJob {
  organizationId: string;
  blockchain: Blockchain;
  fromAddress: string;
  payload: Uint8Array;
  fee: bigint;
  /** EVM nonce, which the EVM signer checks against the payload's. */
  sequence: number | null;
  /** EOS-type: the chain id the signature commits to (not part of the packed transaction). */
  eosChainId?: string;
}

export interface TransactionSigner {
  sign(job: SigningJob): Promise<SignedTransfer>;
}

export class SignerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignerError';
  }
}

export function createSigner(deps: { db: Db; masterKey: string }): TransactionSigner {
  return {
    async sign(job) {
      const material =
        (await walletCustody(deps.db, job.organizationId).signingMaterial(job.blockchain, job.fromAddress)) ??
        (await gasFeeSigningMaterial(deps.db, job.organizationId, job.blockchain, job.fromAddress));
      if (!material)
        throw new SignerError(`${job.fromAddress} is not a wallet of the organization on ${job.blockchain}`);
      const seed = mnemonicToSeed(decryptAtRest(material.mnemonicEnc, deps.masterKey, SEED_CONTEXT));
      const key = deriveSigningKey(seed, job.blockchain, material.accountIndex);
      try {
        return await signWithFamily(job, key.privateKey);
      } finally {
        // JavaScript cannot promise the bytes were never copied, but the buffers we were handed do not keep them.
        key.privateKey.fill(0);
        seed.fill(0);
      }
    },
  };
}

async function signWithFamily(job: SigningJob, privateKey: Uint8Array): Promise<SignedTransfer> {
  const family = familyOf(job.blockchain);
  const unsigned: UnsignedTransfer = { family, blockchain: job.blockchain, payload: job.payload, fee: job.fee };
  switch (family) {
    case 'evm': {
      if (job.sequence === null) throw new SignerError('An EVM transaction needs its nonce');
      const evm: EvmUnsignedTransfer = { ...unsigned, family, fromAddress: job.fromAddress, nonce: job.sequence };
      return signEvmTransfer(evm, privateKey);
    }
    case 'btc':
      // The PSBT carries every spent output: the signer checks each input signature against it.
      return signBtcTransfer(unsigned, privateKey);
    case 'sol':
      return signSolTransfer(unsigned, privateKey);
    case 'eosio':
      if (!job.eosChainId) throw new SignerError('An EOS-type transaction needs the chain id it is signed for');
      return signEosTransfer(unsigned, privateKey, job.eosChainId);
  }
}
