import { z } from 'zod';
import { BLOCKCHAINS, CHAIN_FAMILIES, CHAIN_NETWORKS } from './chain-facts.js';

// The lists, facts and helpers live in chain-facts.ts (no schema there); this module adds their schemas.
export {
  BLOCKCHAIN_INFO,
  BLOCKCHAINS,
  type BlockchainInfo,
  blockchainLabel,
  blockchainsOfFamily,
  CHAIN_FAMILIES,
  explorerTxParts,
  explorerTxUrl,
  familyOf,
  isTestnet,
} from './chain-facts.js';

export const Blockchain = z.enum(BLOCKCHAINS);
export type Blockchain = z.infer<typeof Blockchain>;

export const ChainFamily = z.enum(CHAIN_FAMILIES);
export type ChainFamily = z.infer<typeof ChainFamily>;

export const ChainNetwork = z.enum(CHAIN_NETWORKS);
export type ChainNetwork = z.infer<typeof ChainNetwork>;
