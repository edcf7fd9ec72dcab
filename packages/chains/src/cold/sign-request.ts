// The request an air-gapped signer reads: the unsigned transaction exactly as the builder made it, in the registry
// type hardware signers already read (crypto-psbt, eth-sign-request, sol-sign-request; Vaultline's own for EOS-type),
// with the key path and the seed's fingerprint so the signer finds the key, and the request id it must answer with.
import { CryptoKeypath, CryptoPSBT, PathComponent } from '@keystonehq/bc-ur-registry';
import { DataType, EthSignRequest } from '@keystonehq/bc-ur-registry-eth';
import { SignType, SolSignRequest } from '@keystonehq/bc-ur-registry-sol';
import type { UR } from '@ngraveio/bc-ur';
import { hex } from '@scure/base';
import { bip32Path, Transaction } from '@scure/btc-signer';
import type { ChainFamily } from '@vaultline/contracts';
import { evmChainIdOf } from '../tx/evm.js';
import type { UnsignedTransfer } from '../tx/types.js';
import { EOS_SIGN_REQUEST_TYPE, EosSignRequest } from './eos-registry.js';
import { ColdQrError } from './qr-parts.js';

/** Which key of the cold seed signs, and what the answer must carry. */
export interface ColdSigningTarget {
  /** The chain transaction's id (a UUID); signatures answer with it (bitcoin-type: the PSBT's own transaction). */
  requestId: string;
  /** `m/44'/60'/0'/0/0`: the path of the wallet address's key under the cold seed. */
  derivationPath: string;
  /** The cold seed's master key fingerprint, 8 hex characters (as in the imported account's key origin). */
  masterFingerprint: string;
  /** The wallet address's public key: compressed secp256k1 (33 bytes) or ed25519 (32 bytes). */
  publicKey: Uint8Array;
  address: string;
  /** EOS-type chains only: the chain id, 64 hex characters (part of the digest). */
  eosChainId?: string;
}

/** The UR types a sign request can have, per family; and those of the answers Vaultline accepts. */
export const SIGN_REQUEST_TYPES: Record<ChainFamily, string> = {
  btc: 'crypto-psbt',
  evm: 'eth-sign-request',
  sol: 'sol-sign-request',
  eosio: EOS_SIGN_REQUEST_TYPE.getType(),
};
export const SIGNATURE_TYPES: Record<ChainFamily, string> = {
  btc: 'crypto-psbt',
  evm: 'eth-signature',
  sol: 'sol-signature',
  eosio: 'vaultline-eos-signature',
};

export function keypathOf(path: string, masterFingerprint: string): CryptoKeypath {
  const components = path
    .replace(/^m\//i, '')
    .split('/')
    .map((step) => new PathComponent({ index: Number.parseInt(step, 10), hardened: step.endsWith("'") }));
  return new CryptoKeypath(components, Buffer.from(masterFingerprint, 'hex'));
}

export const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');

/**
 * The UR of one unsigned transaction for the cold signer. Bitcoin-type: the PSBT with each input's key origin
 * (fingerprint and path, BIP 174), which is how PSBT signers find the key; the other families carry the path.
 */
export function coldSignRequest(unsigned: UnsignedTransfer, target: ColdSigningTarget): UR {
  const payload = Buffer.from(unsigned.payload);
  switch (unsigned.family) {
    case 'btc': {
      const tx = Transaction.fromPSBT(unsigned.payload);
      const origin = {
        fingerprint: Number.parseInt(target.masterFingerprint, 16),
        path: bip32Path(target.derivationPath),
      };
      for (let i = 0; i < tx.inputsLength; i++) tx.updateInput(i, { bip32Derivation: [[target.publicKey, origin]] });
      return new CryptoPSBT(Buffer.from(tx.toPSBT())).toUR();
    }
    case 'evm':
      return EthSignRequest.constructETHRequest(
        payload,
        DataType.typedTransaction,
        target.derivationPath,
        target.masterFingerprint,
        target.requestId,
        evmChainIdOf(unsigned.blockchain),
        target.address,
        'Vaultline',
      ).toUR();
    case 'sol':
      return SolSignRequest.constructSOLRequest(
        payload,
        target.derivationPath,
        target.masterFingerprint,
        SignType.Transaction,
        target.requestId,
        hex.encode(target.publicKey),
        'Vaultline',
      ).toUR();
    case 'eosio':
      if (!target.eosChainId) throw new Error('An EOS-type request needs the chain id');
      return new EosSignRequest(
        uuidBytes(target.requestId),
        Buffer.from(target.eosChainId, 'hex'),
        payload,
        keypathOf(target.derivationPath, target.masterFingerprint),
      ).toUR();
  }
}

/** What the signer reads out of a request: the bytes to sign and where its key is. */
export interface ReadSignRequest {
  family: ChainFamily;
  /** Absent for bitcoin-type (a PSBT names its transaction itself). */
  requestId?: Buffer;
  payload: Uint8Array;
  /** `m/…`; bitcoin-type: each input's own origin inside the PSBT. */
  derivationPath?: string;
  masterFingerprint?: string;
  evmChainId?: number;
  eosChainId?: string;
}

/** Reads a request UR of any family; INVALID (40000) when its content is not a request of its type. */
export function readColdSignRequest(ur: UR): ReadSignRequest {
  try {
    switch (ur.type) {
      case 'crypto-psbt':
        return { family: 'btc', payload: CryptoPSBT.fromCBOR(ur.cbor).getPSBT() };
      case 'eth-sign-request': {
        const request = EthSignRequest.fromCBOR(ur.cbor);
        return {
          family: 'evm',
          requestId: request.getRequestId(),
          payload: request.getSignData(),
          derivationPath: `m/${request.getDerivationPath()}`,
          masterFingerprint: request.getSourceFingerprint().toString('hex'),
          evmChainId: request.getChainId(),
        };
      }
      case 'sol-sign-request': {
        const request = SolSignRequest.fromCBOR(ur.cbor);
        return {
          family: 'sol',
          requestId: request.getRequestId(),
          payload: request.getSignData(),
          derivationPath: `m/${request.getDerivationPath()}`,
        };
      }
      case EOS_SIGN_REQUEST_TYPE.getType(): {
        const request = EosSignRequest.fromCBOR(ur.cbor);
        return {
          family: 'eosio',
          requestId: request.requestId,
          payload: request.packedTransaction,
          derivationPath: `m/${request.derivationPath.getPath()}`,
          masterFingerprint: request.derivationPath.getSourceFingerprint()?.toString('hex'),
          eosChainId: request.chainId.toString('hex'),
        };
      }
    }
  } catch {
    // falls through to the refusal below
  }
  throw new ColdQrError('INVALID', `Not a sign request: ${ur.type}`);
}
