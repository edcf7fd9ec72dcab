import { type Blockchain, type ChainFamily, familyOf } from '@vaultline/contracts';

/** BIP-32 hardened offset. */
export const HARDENED = 0x8000_0000;

/** SLIP-44 coin types of the paths below. */
export const COIN_TYPE = {
  BITCOIN: 0,
  /** SLIP-44 "testnet (all coins)". */
  BITCOIN_TESTNET: 1,
  ETHEREUM: 60,
  SOLANA: 501,
  EOS: 194,
} as const;

function assertIndex(name: string, value: number): void {
  // Both indices become path segments; at or past 2^31 they would collide with the hardened range.
  if (!Number.isInteger(value) || value < 0 || value >= HARDENED) {
    throw new RangeError(`${name} must be an integer in [0, 2^31), got ${value}`);
  }
}

/**
 * The derivation path of one address, following what mainstream wallets use so that a seed
 * restored elsewhere shows the same addresses:
 * - btc: BIP-84 `m/84'/coin'/a'/0/i` (native segwit; coin 1 on BITCOIN_TESTNET)
 * - evm: BIP-44 `m/44'/60'/a'/0/i`, the same on every EVM network (one key, one address everywhere)
 * - sol: `m/44'/501'/a'/i'`, all hardened because SLIP-10 ed25519 has no normal derivation (Phantom/Solflare layout)
 * - eosio: BIP-44 `m/44'/194'/a'/0/i`
 */
export function derivationPath(
  family: ChainFamily,
  blockchain: Blockchain,
  accountIndex: number,
  addressIndex: number,
): string {
  // The family is redundant with the blockchain; a mismatch means the caller mixed up its inputs.
  if (familyOf(blockchain) !== family) throw new Error(`${blockchain} is not a ${family} blockchain`);
  assertIndex('accountIndex', accountIndex);
  assertIndex('addressIndex', addressIndex);
  switch (family) {
    case 'btc': {
      const coin = blockchain === 'BITCOIN_TESTNET' ? COIN_TYPE.BITCOIN_TESTNET : COIN_TYPE.BITCOIN;
      return `m/84'/${coin}'/${accountIndex}'/0/${addressIndex}`;
    }
    case 'evm':
      return `m/44'/${COIN_TYPE.ETHEREUM}'/${accountIndex}'/0/${addressIndex}`;
    case 'sol':
      return `m/44'/${COIN_TYPE.SOLANA}'/${accountIndex}'/${addressIndex}'`;
    case 'eosio':
      return `m/44'/${COIN_TYPE.EOS}'/${accountIndex}'/0/${addressIndex}`;
  }
}

/** A path such as `m/44'/501'/0'/0'` as child indices, hardened ones offset by 2^31. */
export function parsePath(path: string): number[] {
  const [root, ...segments] = path.split('/');
  if (root !== 'm') throw new Error(`Derivation path must start with "m": ${path}`);
  return segments.map((segment) => {
    const match = /^(0|[1-9][0-9]*)(['hH]?)$/.exec(segment);
    if (!match) throw new Error(`Invalid derivation path segment "${segment}" in ${path}`);
    const index = Number(match[1]);
    if (index >= HARDENED) throw new Error(`Derivation index out of range in ${path}`);
    return match[2] ? index + HARDENED : index;
  });
}
