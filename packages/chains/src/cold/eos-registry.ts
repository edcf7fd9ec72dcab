// Vaultline's own UR types for EOS-type chains, built like Keystone's registry items (a CBOR map with integer keys,
// the request id tagged as a UUID, the key path as a crypto-keypath): no public registry defines EOSIO signing.
// The tags lie in CBOR's first-come-first-served range, away from the registry's assigned tags.
import { CryptoKeypath, DataItem, extend, RegistryItem, RegistryType, RegistryTypes } from '@keystonehq/bc-ur-registry';

export const EOS_SIGN_REQUEST_TYPE = new RegistryType('vaultline-eos-sign-request', 41_401);
export const EOS_SIGNATURE_TYPE = new RegistryType('vaultline-eos-signature', 41_402);

enum RequestKeys {
  requestId = 1,
  chainId = 2,
  packedTransaction = 3,
  derivationPath = 4,
}

export class EosSignRequest extends RegistryItem {
  constructor(
    readonly requestId: Buffer,
    /** The chain's 32-byte id: part of the digest the signer signs. */
    readonly chainId: Buffer,
    /** The packed transaction, exactly as built (the digest is taken from these bytes). */
    readonly packedTransaction: Buffer,
    readonly derivationPath: CryptoKeypath,
  ) {
    super();
  }

  getRegistryType = () => EOS_SIGN_REQUEST_TYPE;

  toDataItem = () => {
    const path = this.derivationPath.toDataItem();
    path.setTag(RegistryTypes.CRYPTO_KEYPATH.getTag());
    return new DataItem({
      [RequestKeys.requestId]: new DataItem(this.requestId, RegistryTypes.UUID.getTag()),
      [RequestKeys.chainId]: this.chainId,
      [RequestKeys.packedTransaction]: this.packedTransaction,
      [RequestKeys.derivationPath]: path,
    });
  };

  static fromCBOR(cbor: Buffer): EosSignRequest {
    const map = extend.decodeToDataItem(cbor).getData();
    const path = map[RequestKeys.derivationPath] as DataItem;
    return new EosSignRequest(
      (map[RequestKeys.requestId] as DataItem).getData(),
      map[RequestKeys.chainId],
      map[RequestKeys.packedTransaction],
      CryptoKeypath.fromDataItem(path),
    );
  }
}

enum SignatureKeys {
  requestId = 1,
  signature = 2,
}

export class EosSignature extends RegistryItem {
  constructor(
    readonly requestId: Buffer,
    /** 65 bytes: the recovery header and r, s (Antelope's K1 signature data). */
    readonly signature: Buffer,
  ) {
    super();
  }

  getRegistryType = () => EOS_SIGNATURE_TYPE;

  toDataItem = () =>
    new DataItem({
      [SignatureKeys.requestId]: new DataItem(this.requestId, RegistryTypes.UUID.getTag()),
      [SignatureKeys.signature]: this.signature,
    });

  static fromCBOR(cbor: Buffer): EosSignature {
    const map = extend.decodeToDataItem(cbor).getData();
    return new EosSignature((map[SignatureKeys.requestId] as DataItem).getData(), map[SignatureKeys.signature]);
  }
}
