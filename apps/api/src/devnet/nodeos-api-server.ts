// The devnet of one EOS-type blockchain behind the nodeos chain API (get_info, get_block, get_account,
// send_transaction and push_transaction), over node:http: the client written for real nodes
// (engine/chains/eos-api.ts) is tested against a ledger that verifies signatures, TAPOS and expirations, through the
// protocol and error bodies nodeos uses. The devnet has no forks: its last irreversible block trails the head by
// `irreversibleLag` (default 0).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import {
  DevnetAdapter,
  type DevnetRefusal,
  devnetEosBlockId,
  EOSIO_TOKEN_TRANSFER_ABI,
  eosChainIdOf,
  type LedgerTransaction,
} from '@vaultline/chains';
import { BLOCKCHAIN_INFO, type Blockchain, nativeToken } from '@vaultline/contracts';
import { Asset, Int64, Serializer } from '@wharfkit/antelope';
import { and, eq, lte, max } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { devnetAccounts, devnetChains, devnetTransactions } from '../db/schema/index.js';
import { dbLedgerStore } from './ledger-store.js';

export interface NodeosApiServer {
  /** http://127.0.0.1:<port>, what CHAIN_RPC_<BLOCKCHAIN> would hold. */
  url: string;
  close(): Promise<void>;
}

/** nodeos exceptions (exceptions.hpp) as the devnet's refusals name them. */
const ERRORS: Record<
  DevnetRefusal | 'DUPLICATE' | 'UNKNOWN_BLOCK' | 'UNKNOWN_ACCOUNT' | 'PARSE' | 'INTERNAL',
  [number, string, string]
> = {
  // The node itself failed (here: the database): says nothing about the transaction.
  INTERNAL: [0, 'exception', 'unspecified'],
  DUPLICATE: [3040008, 'tx_duplicate', 'Duplicate transaction'],
  EXPIRED: [3040005, 'expired_tx_exception', 'Expired Transaction'],
  WRONG_CHAIN: [3040007, 'invalid_ref_block_exception', 'Invalid Reference Block'],
  INVALID_SIGNATURE: [
    3090003,
    'unsatisfied_authorization',
    'Provided keys, permissions, and delays do not satisfy declared authorizations',
  ],
  INSUFFICIENT_FUNDS: [3050003, 'eosio_assert_message_exception', 'eosio_assert_message assertion failure'],
  MALFORMED: [3040000, 'transaction_exception', 'Transaction exception'],
  PARSE: [4, 'parse_error_exception', 'Parse Error'],
  UNKNOWN_BLOCK: [3100002, 'unknown_block_exception', 'Unknown block'],
  UNKNOWN_ACCOUNT: [3060002, 'account_query_exception', 'Account Query Exception'],
  // Refusals of other families, which an EOS-type devnet never gives: a plain transaction exception.
  SEQUENCE_USED: [3040000, 'transaction_exception', 'Transaction exception'],
  REPLACEMENT_UNDERPRICED: [3040000, 'transaction_exception', 'Transaction exception'],
  FEE_TOO_LOW: [3040000, 'transaction_exception', 'Transaction exception'],
  INPUT_SPENT: [3040000, 'transaction_exception', 'Transaction exception'],
  UNKNOWN: [3040000, 'transaction_exception', 'Transaction exception'],
};

class NodeosFailure extends Error {
  constructor(
    readonly status: number,
    readonly kind: keyof typeof ERRORS,
    message: string,
  ) {
    super(message);
  }
}

/** nodeos prints times in UTC without a zone. */
const eosTime = (date: Date) => date.toISOString().slice(0, -1);
const ZERO_ID = '0'.repeat(64);

export async function startNodeosApiServer(opts: {
  db: Db;
  blockchain: Blockchain;
  now: () => Date;
  irreversibleLag?: number;
  port?: number;
}): Promise<NodeosApiServer> {
  const { db, blockchain, now } = opts;
  const store = dbLedgerStore(db, { now });
  const chain = new DevnetAdapter(blockchain, store, { now });
  const native = nativeToken(blockchain);
  const symbol = Asset.Symbol.fromParts(BLOCKCHAIN_INFO[blockchain].nativeSymbol, native.decimals);
  const blockId = (height: number) => (height < 1 ? ZERO_ID : devnetEosBlockId(blockchain, height));

  async function info() {
    const head = await store.height(blockchain);
    const lib = Math.max(head - (opts.irreversibleLag ?? 0), 0);
    return {
      server_version: 'devnet',
      chain_id: eosChainIdOf(blockchain),
      head_block_num: head,
      last_irreversible_block_num: lib,
      last_irreversible_block_id: blockId(lib),
      head_block_id: blockId(head),
      // The devnet's clock: what its verification checks expirations against, as nodeos does with its head time.
      head_block_time: eosTime(now()),
      head_block_producer: 'eosio',
      server_version_string: 'vaultline-devnet',
    };
  }

  /**
   * A block's timestamp. The devnet keeps the sealing time of its head only; an older block is stamped with the
   * latest admission among the transactions up to it. Never later than the truth, and never earlier than an
   * admission it holds, so "stamped after the expiration" still proves a transaction is not in a later block.
   */
  async function timestampOf(height: number, head: number): Promise<Date> {
    if (height === head) {
      const [row] = await db.select().from(devnetChains).where(eq(devnetChains.blockchain, blockchain));
      if (row) return row.producedAt;
    }
    const [row] = await db
      .select({ latest: max(devnetTransactions.createdAt) })
      .from(devnetTransactions)
      .where(and(eq(devnetTransactions.blockchain, blockchain), lte(devnetTransactions.blockHeight, height)));
    return row?.latest ?? new Date(0);
  }

  /** A ledger row as nodeos prints a transaction receipt. The devnet keeps the transfer, not its signed bytes. */
  function receiptOf(tx: LedgerTransaction) {
    const data = {
      from: tx.fromAddress,
      to: tx.toAddress,
      quantity: Asset.fromUnits(Int64.from(tx.amount.toString()), symbol).toString(),
      memo: '',
    };
    const hex = Serializer.encode({ object: data, type: 'transfer', abi: EOSIO_TOKEN_TRANSFER_ABI }).hexString;
    return {
      status: tx.willFail ? 'hard_fail' : 'executed',
      cpu_usage_us: 100,
      net_usage_words: 16,
      trx: {
        id: tx.hash,
        signatures: [],
        compression: 'none',
        packed_context_free_data: '',
        context_free_data: [],
        packed_trx: '',
        transaction: {
          expiration: eosTime(new Date(Math.floor(tx.createdAt.getTime() / 1000) * 1000 + 300_000)),
          ref_block_num: 0,
          ref_block_prefix: 0,
          max_net_usage_words: 0,
          max_cpu_usage_ms: 0,
          delay_sec: 0,
          context_free_actions: [],
          actions: [
            {
              account: 'eosio.token',
              name: 'transfer',
              authorization: [{ actor: tx.fromAddress, permission: 'active' }],
              data,
              hex_data: hex,
            },
          ],
          transaction_extensions: [],
        },
      },
    };
  }

  async function block(body: Record<string, unknown>) {
    const wanted = String(body.block_num_or_id ?? '');
    const head = await store.height(blockchain);
    const height = /^[0-9a-f]{64}$/i.test(wanted) ? Number.parseInt(wanted.slice(0, 8), 16) : Number(wanted);
    const exists = Number.isInteger(height) && height >= 1 && height <= head;
    if (!exists || (wanted.length === 64 && blockId(height) !== wanted.toLowerCase())) {
      throw new NodeosFailure(400, 'UNKNOWN_BLOCK', `Could not find block: ${wanted}`);
    }
    const transactions = await store.mined(blockchain, height, height);
    const id = blockId(height);
    return {
      timestamp: eosTime(await timestampOf(height, head)),
      producer: 'eosio',
      confirmed: 0,
      previous: blockId(height - 1),
      transaction_mroot: ZERO_ID,
      action_mroot: ZERO_ID,
      schedule_version: 0,
      new_producers: null,
      transactions: transactions.map(receiptOf),
      id,
      block_num: height,
      ref_block_prefix: new DataView(hexToBytes(id).buffer, 8, 4).getUint32(0, true),
    };
  }

  /** get_account: the devnet keeps one key per account, which holds both owner and active (threshold 1). */
  async function account(body: Record<string, unknown>) {
    const name = String(body.account_name ?? '');
    const [row] = await db
      .select()
      .from(devnetAccounts)
      .where(and(eq(devnetAccounts.blockchain, blockchain), eq(devnetAccounts.account, name)));
    if (!row) throw new NodeosFailure(500, 'UNKNOWN_ACCOUNT', `unknown key (eosio::chain::name): ${name}`);
    const auth = { threshold: 1, keys: [{ key: row.publicKey, weight: 1 }], accounts: [], waits: [] };
    return {
      account_name: name,
      head_block_num: await store.height(blockchain),
      head_block_time: eosTime(now()),
      privileged: false,
      permissions: [
        { perm_name: 'active', parent: 'owner', required_auth: auth },
        { perm_name: 'owner', parent: '', required_auth: auth },
      ],
    };
  }

  async function send(text: string) {
    let packed: string;
    try {
      packed = String((JSON.parse(text) as { packed_trx?: unknown }).packed_trx ?? '');
      hexToBytes(packed);
    } catch {
      throw new NodeosFailure(400, 'PARSE', 'Unable to parse the body as a packed transaction');
    }
    const hash = bytesToHex(sha256(hexToBytes(packed)));
    const outcome = await chain.broadcast(new TextEncoder().encode(text), hash);
    if (outcome.kind === 'known') throw new NodeosFailure(500, 'DUPLICATE', `duplicate transaction ${hash}`);
    if (outcome.kind === 'refused') {
      // eosio.token's own words for an overspend, which clients (and ours) read.
      const message =
        outcome.reason === 'INSUFFICIENT_FUNDS' ? 'assertion failure with message: overdrawn balance' : outcome.message;
      throw new NodeosFailure(500, outcome.reason, message);
    }
    const head = await store.height(blockchain);
    return {
      transaction_id: hash,
      processed: {
        id: hash,
        block_num: head + 1,
        block_time: eosTime(now()),
        receipt: { status: 'executed', cpu_usage_us: 100, net_usage_words: 16 },
        elapsed: 100,
        net_usage: 128,
        scheduled: false,
        action_traces: [],
        except: null,
      },
    };
  }

  async function handle(path: string, text: string): Promise<[number, unknown]> {
    let body: Record<string, unknown>;
    try {
      body = (text.trim() === '' ? {} : JSON.parse(text)) as Record<string, unknown>;
    } catch {
      throw new NodeosFailure(400, 'PARSE', 'The body is not JSON');
    }
    switch (path) {
      case '/v1/chain/get_info':
        return [200, await info()];
      case '/v1/chain/get_block':
        return [200, await block(body)];
      case '/v1/chain/get_account':
        return [200, await account(body)];
      case '/v1/chain/send_transaction':
      case '/v1/chain/push_transaction':
        return [202, await send(text)];
      default:
        return [404, { code: 404, message: 'Not Found', error: { code: 0, name: 'exception', what: 'unspecified' } }];
    }
  }

  function reply(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      handle(new URL(req.url ?? '/', 'http://devnet').pathname, text)
        .then(([status, body]) => reply(res, status, body))
        .catch((err: unknown) => {
          const failure =
            err instanceof NodeosFailure ? err : new NodeosFailure(500, 'INTERNAL', String((err as Error)?.message));
          const [code, name, what] = ERRORS[failure.kind];
          reply(res, failure.status, {
            code: failure.status,
            message: failure.status === 500 ? 'Internal Service Error' : 'Bad Request',
            error: { code, name, what, details: [{ message: failure.message, file: 'devnet', line_number: 0 }] },
          });
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
