import { z } from 'zod';
import { DELEGATION_STATES, STAKING_PERIODS, STAKING_TOKEN_TYPES } from './staking-facts.js';

// The lists and Story's figures live in staking-facts.ts (no schema there); this module adds a schema per list.
export {
  DELEGATION_STATES,
  STAKING_BLOCKCHAINS,
  STAKING_PERIODS,
  STAKING_TOKEN_TYPES,
  STORY_STAKING,
} from './staking-facts.js';

export const StakingPeriod = z.enum(STAKING_PERIODS);
export type StakingPeriod = z.infer<typeof StakingPeriod>;

export const StakingTokenType = z.enum(STAKING_TOKEN_TYPES);
export type StakingTokenType = z.infer<typeof StakingTokenType>;

export const DelegationState = z.enum(DELEGATION_STATES);
export type DelegationState = z.infer<typeof DelegationState>;
