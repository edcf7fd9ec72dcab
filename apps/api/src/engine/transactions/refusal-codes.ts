// Node refusals as catalogue error codes (packages/contracts errors.ts), the codes a FAILED row carries.
import type { ErrorCode } from '@vaultline/contracts';
import type { ChainRefusal } from './chain-node.js';

/** 4: insufficient balance; 4112: already replaced or processed; 4113: same gas price already used. */
export const REFUSAL_CODES: Record<ChainRefusal, ErrorCode> = {
  INSUFFICIENT_FUNDS: '4',
  SEQUENCE_USED: '4112',
  REPLACEMENT_UNDERPRICED: '4113',
  INVALID_SIGNATURE: '4111',
  WRONG_CHAIN: '4111',
  FEE_TOO_LOW: '4111',
  MALFORMED: '4111',
  EXPIRED: '4111',
  INPUT_SPENT: '4112',
  UNKNOWN: '4111',
};

/** Included in a block but reverted: the network did not carry it out. */
export const REVERTED_CODE: ErrorCode = '4111';
