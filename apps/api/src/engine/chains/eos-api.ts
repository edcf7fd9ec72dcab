// A client of the nodeos HTTP chain API (/v1/chain/*), the one every Antelope node (EOSIO, Leap, Spring) serves
// without history plugins: chain info, blocks by number, and sending the signed push form. Plain fetch rather than
// @wharfkit/antelope's APIClient: its typed responses insist on fields (producer signatures, merkle roots) that add
// nothing here, and its errors would be re-read for the nodeos error name anyway.
import type { ChainRefusal } from '../transactions/chain-node.js';

export interface EosChainInfo {
  chainId: string;
  headBlockNum: number;
  headBlockId: string;
  /** The head block's timestamp: the node's clock, which expirations are checked against. */
  headBlockTime: Date;
  lastIrreversibleBlockNum: number;
  lastIrreversibleBlockId: string;
}

export interface EosAction {
  account: string;
  name: string;
  authorization: { actor: string; permission: string }[];
  /** Decoded by the node when it knows the contract's ABI (it does for eosio.token), else the hex itself. */
  data: unknown;
  hexData: string | null;
}

export interface EosBlockTransaction {
  id: string;
  /** executed, soft_fail, hard_fail, delayed, expired: only `executed` changed state. */
  status: string;
  /** null for a deferred transaction, which a block names by id only. */
  actions: EosAction[] | null;
}

export interface EosBlock {
  blockNum: number;
  id: string;
  previous: string;
  timestamp: Date;
  transactions: EosBlockTransaction[];
}

/** The `error` object of a nodeos error response: `{ code: 500, message, error: { code, name, what, details } }`. */
export interface NodeosError {
  code: number;
  name: string;
  what: string;
  details: { message: string }[];
}

/** One permission of an account (get_account): who satisfies it, by keys and weights against a threshold. */
export interface EosPermission {
  name: string;
  parent: string;
  threshold: number;
  keys: { key: string; weight: number }[];
  /** Other accounts' permissions and time waits that can add weight: anyone named here shares the authority. */
  accounts: number;
  waits: number;
}

/** A call the node answered with something other than a nodeos error (down, proxy error, not JSON). */
export class EosApiError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    message: string,
    readonly nodeos: NodeosError | null = null,
  ) {
    super(`${path}: ${message}`);
    this.name = 'EosApiError';
  }
}

export type EosSendOutcome =
  | { kind: 'accepted'; transactionId: string }
  | { kind: 'known' }
  | { kind: 'refused'; reason: ChainRefusal; message: string };

/**
 * nodeos exception names (libraries/chain/include/eosio/chain/exceptions.hpp) → the executor's terms. `KNOWN`: the
 * node has these bytes already (tx_duplicate), as good as accepted.
 */
const REFUSALS: Record<string, ChainRefusal | 'KNOWN'> = {
  tx_duplicate: 'KNOWN', // 3040008
  expired_tx_exception: 'EXPIRED', // 3040005
  tx_exp_too_far_exception: 'MALFORMED', // 3040006
  // TAPOS names a block this chain does not have: another chain, or a fork that lost.
  invalid_ref_block_exception: 'WRONG_CHAIN', // 3040007
  // A signature over another chain id recovers another key, so a wrong chain lands here too.
  unsatisfied_authorization: 'INVALID_SIGNATURE', // 3090003
  missing_auth_exception: 'INVALID_SIGNATURE', // 3090004
  irrelevant_auth_exception: 'INVALID_SIGNATURE', // 3090005
  tx_irrelevant_sig: 'INVALID_SIGNATURE', // 3090006
  // CPU/NET/RAM are staked or rented, not paid per transaction: there is no fee to raise, a person must act.
  tx_cpu_usage_exceeded: 'UNKNOWN', // 3080004
  tx_net_usage_exceeded: 'UNKNOWN', // 3080002
  ram_usage_exceeded: 'UNKNOWN', // 3080001
  leeway_deadline_exception: 'UNKNOWN', // 3081001
};

/** eosio.token's assertion messages that mean the sender lacks the money (`no balance object found`: none at all). */
const FUNDS_ASSERTIONS = /overdrawn balance|no balance object found/i;

/** Exception families that judge the transaction itself: action (305xxxx), authorization (309xxxx) and the rest. */
const TRANSACTION_FAMILIES = /^30(4|5|8|9)\d{5}$/;

function messageOf(error: NodeosError): string {
  return [error.what, ...error.details.map((d) => d.message)].filter(Boolean).join(': ');
}

/**
 * What a nodeos error says about signed bytes; null when it says nothing about them (the node failed, a plugin is
 * missing): then the call throws and the executor tries again on its next step, rather than ending the transfer.
 */
export function eosRefusalOf(error: NodeosError): EosSendOutcome | null {
  const message = messageOf(error);
  const mapped = REFUSALS[error.name];
  if (mapped === 'KNOWN') return { kind: 'known' };
  if (mapped) return { kind: 'refused', reason: mapped, message };
  if (error.name === 'eosio_assert_message_exception' || error.name === 'eosio_assert_code_exception') {
    // The contract refused: no money, or a transfer it does not take (unknown receiver, wrong symbol).
    return { kind: 'refused', reason: FUNDS_ASSERTIONS.test(message) ? 'INSUFFICIENT_FUNDS' : 'MALFORMED', message };
  }
  if (error.name === 'parse_error_exception' || TRANSACTION_FAMILIES.test(String(error.code))) {
    return { kind: 'refused', reason: 'MALFORMED', message };
  }
  return null;
}

/** nodeos prints UTC times without a zone (`2018-06-01T12:00:00.500`). */
export function parseEosTime(text: string): Date {
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a nodeos time: ${text}`);
  return date;
}

type Json = Record<string, unknown>;

function actionOf(raw: Json): EosAction {
  return {
    account: String(raw.account),
    name: String(raw.name),
    authorization: Array.isArray(raw.authorization)
      ? raw.authorization.map((a: Json) => ({ actor: String(a.actor), permission: String(a.permission) }))
      : [],
    data: raw.data,
    hexData: typeof raw.hex_data === 'string' ? raw.hex_data : typeof raw.data === 'string' ? raw.data : null,
  };
}

function blockTransactionOf(receipt: Json): EosBlockTransaction {
  const trx = receipt.trx;
  if (typeof trx === 'string') return { id: trx, status: String(receipt.status), actions: null };
  const body = trx as Json;
  const transaction = (body.transaction ?? {}) as Json;
  const actions = Array.isArray(transaction.actions) ? (transaction.actions as Json[]).map(actionOf) : [];
  return { id: String(body.id), status: String(receipt.status), actions };
}

export class EosApi {
  private readonly base: string;

  constructor(
    url: string,
    private readonly options: { timeoutMs?: number; fetch?: typeof fetch } = {},
  ) {
    this.base = url.replace(/\/+$/, '');
  }

  /** The parsed body of a 2xx answer; a nodeos error body is thrown as EosApiError with `nodeos` set. */
  private async post(path: string, body: unknown): Promise<Json> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(`${this.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new EosApiError(path, 0, `node unreachable (${(err as Error).message})`);
    }
    const text = await response.text();
    let json: Json | null = null;
    try {
      json = JSON.parse(text) as Json;
    } catch {
      json = null;
    }
    if (response.ok && json) return json;
    const error = json?.error as NodeosError | undefined;
    if (error && typeof error.name === 'string') {
      const nodeos = { ...error, details: Array.isArray(error.details) ? error.details : [] };
      throw new EosApiError(path, response.status, messageOf(nodeos), nodeos);
    }
    throw new EosApiError(path, response.status, `HTTP ${response.status}: ${text.slice(0, 200)}`);
  }

  async getInfo(): Promise<EosChainInfo> {
    const info = await this.post('/v1/chain/get_info', {});
    return {
      chainId: String(info.chain_id),
      headBlockNum: Number(info.head_block_num),
      headBlockId: String(info.head_block_id),
      headBlockTime: parseEosTime(String(info.head_block_time)),
      lastIrreversibleBlockNum: Number(info.last_irreversible_block_num),
      lastIrreversibleBlockId: String(info.last_irreversible_block_id),
    };
  }

  /** The block at `blockNum`; null when the node has none there (above its head, or pruned). */
  async getBlock(blockNum: number): Promise<EosBlock | null> {
    let block: Json;
    try {
      block = await this.post('/v1/chain/get_block', { block_num_or_id: blockNum });
    } catch (err) {
      if (err instanceof EosApiError && err.nodeos?.name === 'unknown_block_exception') return null;
      throw err;
    }
    return {
      blockNum: Number(block.block_num),
      id: String(block.id),
      previous: String(block.previous),
      timestamp: parseEosTime(String(block.timestamp)),
      transactions: Array.isArray(block.transactions) ? (block.transactions as Json[]).map(blockTransactionOf) : [],
    };
  }

  /**
   * An account's permissions; null when the node has no such account (nodeos answers account_query_exception, or
   * unknown_account in older releases).
   */
  async getAccount(name: string): Promise<{ permissions: EosPermission[] } | null> {
    let account: Json;
    try {
      account = await this.post('/v1/chain/get_account', { account_name: name });
    } catch (err) {
      const nodeosName = err instanceof EosApiError ? err.nodeos?.name : undefined;
      if (nodeosName === 'account_query_exception' || nodeosName === 'unknown_account') return null;
      throw err;
    }
    const permissions = Array.isArray(account.permissions) ? (account.permissions as Json[]) : [];
    return {
      permissions: permissions.map((p) => {
        const auth = (p.required_auth ?? {}) as Json;
        const keys = Array.isArray(auth.keys) ? (auth.keys as Json[]) : [];
        return {
          name: String(p.perm_name),
          parent: String(p.parent ?? ''),
          threshold: Number(auth.threshold),
          keys: keys.map((k) => ({ key: String(k.key), weight: Number(k.weight) })),
          accounts: Array.isArray(auth.accounts) ? auth.accounts.length : 0,
          waits: Array.isArray(auth.waits) ? auth.waits.length : 0,
        };
      }),
    };
  }

  /**
   * Sends the push form (`raw` as the signer made it: UTF-8 JSON of signatures, compression, packed_trx) to
   * send_transaction. Refusals come back as outcomes; a failure of the node itself is thrown.
   */
  async sendTransaction(raw: Uint8Array): Promise<EosSendOutcome> {
    try {
      const answer = await this.post('/v1/chain/send_transaction', new TextDecoder().decode(raw));
      // A node asked to return failure traces answers 2xx with the exception in `processed.except`.
      const except = (answer.processed as Json | undefined)?.except as Json | null | undefined;
      if (except && typeof except.name === 'string') {
        const error = { code: Number(except.code), name: except.name, what: String(except.message ?? ''), details: [] };
        const outcome = eosRefusalOf(error);
        if (outcome) return outcome;
        throw new EosApiError('/v1/chain/send_transaction', 200, messageOf(error), error);
      }
      return { kind: 'accepted', transactionId: String(answer.transaction_id) };
    } catch (err) {
      const outcome = err instanceof EosApiError && err.nodeos ? eosRefusalOf(err.nodeos) : null;
      if (outcome) return outcome;
      throw err;
    }
  }
}
