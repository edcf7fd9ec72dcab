import {
  type ChainFamily,
  ClaimContent,
  familyOf,
  type OrganizationPermission,
  type RequestItemType,
  type RequestType,
  StakeContent,
  UnstakeContent,
  WalletCreationContent,
  WithdrawalContent,
} from '@vaultline/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { STAKING_PURPOSE } from '../staking/staking-execution.service.js';
import { stakingHolds } from '../staking/staking-holds.js';
import { cancelTransfer } from '../withdrawals/transfer-cancel.service.js';
import { releaseWithdrawal } from '../withdrawals/withdrawal-balances.repository.js';
import { WITHDRAWAL_PURPOSE } from '../withdrawals/withdrawal-execution.service.js';
import type { RequestState } from './approvals.policy.js';

/**
 * Request types are data. Each entry says what a request of its kind carries, where its approval line comes from,
 * who may create it, who skips the line, when it may be canceled, and which engine queue carries it out once
 * approved. The approval engine (approvals.service, approvals.policy) reads entries and never names a kind.
 *
 * Adding a type: its content schema in contracts (request-content.ts), one entry here, its engine handler
 * (a file in engine/ and its line in engine/engine.ts `engineHandlers`), its create route, and its screens (a
 * renderer entry in apps/web/src/shared/requests).
 */
/** Any request's content: a `kind` and what that kind carries (the production kinds are RequestContent). */
export type AnyContent = { kind: string } & Record<string, unknown>;

export interface RequestTypeDefinition<S extends z.ZodType<AnyContent> = z.ZodType<AnyContent>> {
  kind: RequestItemType | (string & {});
  type: RequestType;
  content: S;
  /** Where the line is frozen from: the organization's wallet-creation line, or the wallet's own line. */
  lineScope: 'WALLET_CREATION' | 'WALLET';
  /**
   * Who may create one: holders of an organization permission (the line then has no creation step), or whoever
   * stands at the creation step of the wallet's line.
   */
  creator: { permission: OrganizationPermission } | 'CREATION_STEP';
  /** The owner and the wallet's managers are not subject to the line (spec section 6): every step is skipped. */
  exemptOwnerAndManagers: boolean;
  /** The states in which the initiator may cancel (before executing, and for some types during it). */
  cancelableIn: readonly RequestState['status'][];
  /** The engine queue that executes an approved request; null: approved requests wait for their handler. */
  queue: string | null;
  /**
   * Runs in the transaction that approves a request, before it is handed to the queue (a withdrawal locks its
   * amount here, say). Optional.
   */
  onApproved?: (tx: Db, request: { id: string; organizationId: string; content: z.infer<S> }) => Promise<void>;
  /** Runs in the transaction that rejects or cancels a request before execution (a withdrawal releases its hold). */
  onClosed?: (tx: Db, request: { id: string; organizationId: string; content: z.infer<S> }) => Promise<void>;
  /**
   * Runs in the transaction that ends execution, with how it ended (a failed withdrawal releases its amount); a
   * request canceled during execution ends here too, CANCELED.
   */
  onExecutionEnd?: (
    tx: Db,
    request: { id: string; organizationId: string; content: z.infer<S> },
    status: 'COMPLETE' | 'FAILED' | 'CANCELED',
  ) => Promise<void>;
  /**
   * A cancellation of an EXECUTING request (`cancelableIn` must list EXECUTING), in its transaction with the request
   * locked: `canceled` ends it now (CANCELED after executing, then onExecutionEnd); `pending` leaves it EXECUTING
   * with these keys added to its result, for the engine to end it once the chain decides. Throws an AppError to
   * refuse. Without the hook an EXECUTING request is canceled at once and its handler finds it so.
   */
  cancelDuringExecution?: (
    tx: Db,
    request: { id: string; organizationId: string; content: z.infer<S>; result: Record<string, unknown> | null },
  ) => Promise<{ canceled: true } | { pending: Record<string, unknown> }>;
  /** The chain_transactions purpose of the transaction an executing request sends, if it sends one. */
  chainPurpose?: string;
  /** The wallet the request acts on, when it acts on one. */
  walletOf: (content: z.infer<S>) => string | null;
  /** The chain family of the route's `{family}` segment. */
  familyOf: (content: z.infer<S>) => ChainFamily;
  /** What at most one open request of the organization may hold (a wallet name being created), if anything. */
  exclusiveKey?: (content: z.infer<S>) => string | null;
}

const define = <S extends z.ZodType<AnyContent>>(entry: RequestTypeDefinition<S>) =>
  entry as unknown as RequestTypeDefinition;

const onWallet = {
  lineScope: 'WALLET',
  creator: 'CREATION_STEP',
  exemptOwnerAndManagers: true,
  walletOf: (c: { walletId: string }) => c.walletId,
  familyOf: (c: { blockchain: Parameters<typeof familyOf>[0] }) => familyOf(c.blockchain),
} as const;

const ENTRIES: RequestTypeDefinition[] = [
  define({
    kind: 'WALLET_CREATION',
    type: 'WALLET_CREATION',
    content: WalletCreationContent,
    lineScope: 'WALLET_CREATION',
    creator: { permission: 'WALLETS_CREATION' },
    exemptOwnerAndManagers: false,
    // Approved means handed to the engine in the same transaction: from then on it is no longer cancelable.
    cancelableIn: ['CREATED'],
    queue: 'wallet-creation',
    walletOf: () => null,
    familyOf: (c) => c.family,
    exclusiveKey: (c) => `wallet-name:${c.name.toLowerCase()}`,
  }),
  // A withdrawal holds its amount and fee reserve in wallet_balances.locked from creation (withdrawals.service) until
  // it is rejected, canceled or its execution ends, each in the transaction that does so.
  define({
    ...onWallet,
    kind: 'WITHDRAWAL',
    type: 'WITHDRAWAL',
    content: WithdrawalContent,
    // During execution too: a transfer not yet sent is discarded, one on an EVM network is raced by a replacement.
    cancelableIn: ['CREATED', 'EXECUTING'],
    queue: 'withdrawal',
    chainPurpose: WITHDRAWAL_PURPOSE,
    onClosed: (tx, request) => releaseWithdrawal(tx, request.content),
    onExecutionEnd: (tx, request) => releaseWithdrawal(tx, request.content),
    cancelDuringExecution: async (tx, request) => {
      if (request.result?.cancel) throw new AppError('4112', { reason: 'cancel-pending' });
      const canceled = await cancelTransfer(tx, request.id, WITHDRAWAL_PURPOSE);
      if (canceled.kind === 'discarded') return { canceled: true };
      return { pending: { cancel: { replacementId: canceled.replacementId } } };
    },
  }),
  // Staking: a stake holds its value and gas, an unstake its fee and gas, in wallet_balances.locked from creation
  // (staking-holds.ts) until rejected, canceled or executed; a claim holds nothing (the chain pays it).
  define({
    ...onWallet,
    kind: 'STAKING_STAKE',
    type: 'STAKING',
    content: StakeContent,
    cancelableIn: ['CREATED'],
    queue: 'staking',
    chainPurpose: STAKING_PURPOSE,
    onClosed: (tx, request) => stakingHolds(tx).release(request.content),
    onExecutionEnd: (tx, request) => stakingHolds(tx).release(request.content),
  }),
  define({
    ...onWallet,
    kind: 'STAKING_UNSTAKE',
    type: 'STAKING',
    content: UnstakeContent,
    cancelableIn: ['CREATED'],
    queue: 'staking',
    chainPurpose: STAKING_PURPOSE,
    onClosed: (tx, request) => stakingHolds(tx).release(request.content),
    onExecutionEnd: (tx, request) => stakingHolds(tx).release(request.content),
    // One unstake of a position at a time: a second would spend what the first takes.
    exclusiveKey: (c) => `staking-unstake:${c.positionId}`,
  }),
  define({
    ...onWallet,
    kind: 'STAKING_CLAIM',
    type: 'STAKING',
    content: ClaimContent,
    cancelableIn: ['CREATED'],
    queue: 'staking',
    exclusiveKey: (c) => `staking-claim:${c.walletId}:${c.validatorId}`,
  }),
];

const registry = new Map<string, RequestTypeDefinition>(ENTRIES.map((e) => [e.kind, e]));

export function requestTypeOf(kind: string): RequestTypeDefinition {
  const entry = registry.get(kind);
  if (!entry) throw new Error(`unknown request kind: ${kind}`);
  return entry;
}

export function requestTypes(): RequestTypeDefinition[] {
  return [...registry.values()];
}

let registryVersion = 0;

/** Changes whenever a type is registered or removed: what is derived from the registry is kept until it does. */
export function requestTypesVersion(): number {
  return registryVersion;
}

/**
 * Adds a type at run time: how a test drives a throwaway type through the real engine. Production types are the
 * entries above; registering one of their kinds again is refused.
 */
export function registerRequestType(entry: RequestTypeDefinition): () => void {
  if (registry.has(entry.kind)) throw new Error(`request kind already registered: ${entry.kind}`);
  registry.set(entry.kind, entry);
  registryVersion++;
  return () => {
    registry.delete(entry.kind);
    registryVersion++;
  };
}

/** A stored request's content, validated by its type's schema; rows from before `kind` was stored still read. */
export function contentOf(row: { itemType: string; payload: unknown }): AnyContent {
  // Object.assign rather than a spread followed by `kind`: on Node 20 that spread builds a new hidden class for
  // every row read.
  return requestTypeOf(row.itemType).content.parse(Object.assign({}, row.payload, { kind: row.itemType }));
}
