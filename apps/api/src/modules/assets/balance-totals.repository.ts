import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { CHAIN_COUNT_PREFIX } from '../../db/list-counts.js';
import {
  listCounts,
  organizationTokenBalances,
  organizationTokens,
  walletBalances,
  wallets,
} from '../../db/schema/index.js';
import { anyOf, shapedStatements, slot } from '../../db/shaped-statements.js';
import { catalogueSql } from '../../db/token-catalogue.js';
import { walletScopeCondition } from '../access/visibility.repository.js';
import type { WalletScope } from '../access/wallet.policy.js';

export interface TotalsQuery {
  /** null: every wallet of the organization (its kept sums); else the wallets the scope lets the caller see. */
  onlyFor: WalletScope;
  blockchains?: string[] | undefined;
  /** Only tokens with a balance: no zero rows for native coins and registered tokens nobody holds. */
  hasToken?: boolean | undefined;
}

/** The organization's balance totals as JSON: the registered tokens' (`items`) and the held unregistered ones'. */
export interface TotalsJson {
  items: string;
  unregistered: string;
}

/** The placeholders of the totals statement; a call's values fill them by name. */
const P = { org: slot('org'), scope: slot('scope'), chains: slot('chains') };

/**
 * An organization's balance totals per token as the API answers them (contracts' OrganizationTokenBalance), in one
 * statement: the sums over the visible wallets (the kept per-organization sums when that is all of them), every
 * native coin of their blockchains and every registered token, at zero when nobody holds it (unless `hasToken`),
 * tokens from the code's catalogue in its order. Held tokens the organization has not registered are answered
 * apart, and only when nonzero; a native coin needs no registration.
 */
export async function organizationTotalsJson(db: Db, organizationId: string, q: TotalsQuery): Promise<TotalsJson> {
  const chainsWanted = q.blockchains?.length ? q.blockchains : undefined;
  // Built once per shape (shaped-statements.ts), not by drizzle on every call: which wallets, whether some networks
  // only, whether held tokens only. The call's values fill the placeholders.
  const shape = { scoped: q.onlyFor !== null, chains: chainsWanted !== undefined, hasToken: Boolean(q.hasToken) };
  const [row] = await shapedStatements.execute<TotalsJson>(
    db,
    `balance totals:${shape.scoped}:${shape.chains}:${shape.hasToken}`,
    () => totalsStatement(db, shape),
    { org: organizationId, scope: q.onlyFor, chains: chainsWanted ?? [] },
  );
  return row!;
}

function totalsStatement(db: Db, shape: { scoped: boolean; chains: boolean; hasToken: boolean }): SQL {
  const scope = shape.scoped ? P.scope : null;
  const chainsWanted = shape.chains ? P.chains : undefined;
  return sql`with
    sums as (${sumsOf(db, P.org, scope, chainsWanted)}),
    chains(blockchain) as (${chainsOf(db, P.org, scope)}),
    added as (select ${organizationTokens.tokenId} as token_id from ${organizationTokens}
      where ${and(eq(organizationTokens.organizationId, P.org), chainsWanted ? anyOf(organizationTokens.blockchain, P.chains) : undefined)}),
    candidates as (
      select token_id, total, staked, withdrawable, wallet_count, 1 as held from sums
      ${
        shape.hasToken
          ? sql``
          : sql`union all
      select ${catalogueSql.natives} ->> blockchain, 0, 0, 0, 0, 0 from chains
        where blockchain is not null ${chainsWanted ? sql`and ${anyOf(sql`blockchain`, P.chains)}` : sql``}
      union all
      select token_id, 0, 0, 0, 0, 0 from added`
      }),
    totals as (
      select distinct on (token_id) token_id, total, staked, withdrawable, wallet_count,
        (token_id in (select token_id from added) or ${catalogueSql.tokens} -> token_id ->> 'type' = 'NATIVE') as registered
      from candidates where ${catalogueSql.tokens} ? token_id
      order by token_id, held desc)
    select
      coalesce('[' || string_agg(item, ',' order by place) filter (where registered ${shape.hasToken ? sql`and total <> 0` : sql``}) || ']',
        '[]') as items,
      coalesce('[' || string_agg(item, ',' order by place) filter (where not registered and total <> 0) || ']', '[]')
        as unregistered
    -- Each item is the token's catalogue JSON text with the sums added as text: amounts are numeric(78,0) digits and
    -- the count an integer, nothing to escape. Built as jsonb and aggregated, the 47 items took a third of the time.
    from (select registered, total, (${catalogueSql.order} -> token_id)::int as place,
        (${catalogueSql.heads} ->> token_id) || ',"total":"' || total || '","staked":"' || staked
          || '","withdrawable":"' || withdrawable || '","walletCount":' || wallet_count || '}' as item
      from totals) answered`;
}

/**
 * The per-token sums the totals statement starts from, read alone (its test checks the kept sums through them
 * against a full sum over the balances).
 */
export async function tokenSums(db: Db, organizationId: string, onlyFor: WalletScope, blockchains?: string[]) {
  const result = (await db.execute(sql`select token_id as "tokenId", total::text as total, staked::text as staked,
      withdrawable::text as withdrawable, wallet_count as "walletCount"
    from (${sumsOf(db, organizationId, onlyFor, blockchains?.length ? blockchains : undefined)}) sums`)) as unknown as {
    rows: { tokenId: string; total: string; staked: string; withdrawable: string; walletCount: number }[];
  };
  return result.rows;
}

/**
 * Per-token sums. Every wallet: the kept per-organization sums as wallet_balances' trigger keeps them (migration
 * 0026), each token's slots added up (at most 16 rows a token, whatever the number of wallets); a token appears
 * while any balance row of it exists, even at zero, as a sum over the rows would group it. Some wallets: the exact
 * sum over those, so no other wallet's amounts reach the caller.
 */
function sumsOf(
  db: Db,
  organizationId: string | Placeholder,
  onlyFor: WalletScope | Placeholder,
  chains: string[] | Placeholder | undefined,
): SQL {
  const inChains = (column: AnyPgColumn) => (chains === undefined ? undefined : anyOf(column, chains));
  if (onlyFor === null) {
    const t = organizationTokenBalances;
    // `offset 0` keeps the catalogue's test (`totals` below) out of this scan: pushed down, it ran on each of the
    // token's 16 slots (752 rows for 47 tokens) rather than once per token, a fifth of the statement's time.
    return sql`select ${t.tokenId} as token_id, sum(${t.total}) as total, sum(${t.staked}) as staked,
      sum(${t.withdrawable}) as withdrawable, sum(${t.holders})::int as wallet_count from ${t}
      where ${and(eq(t.organizationId, organizationId), inChains(t.blockchain))}
      group by ${t.tokenId} having sum(${t.rowCount}) > 0 offset 0`;
  }
  const b = walletBalances;
  const where = and(
    eq(b.organizationId, organizationId),
    walletScopeCondition(db, b.walletId, onlyFor),
    inChains(b.blockchain),
  );
  return sql`select ${b.tokenId} as token_id, sum(${b.total}) as total, sum(${b.staked}) as staked,
    sum(greatest(${b.total} - ${b.staked} - ${b.locked}, 0)) as withdrawable,
    (count(*) filter (where ${b.total} > 0))::int as wallet_count from ${b} where ${where} group by ${b.tokenId}`;
}

/**
 * The blockchains of the visible wallets. Every wallet: the organization's kept per-blockchain wallet counts
 * (`wallets:<blockchain>` in list_counts, migration 0039), a few rows under one index probe.
 */
function chainsOf(db: Db, organizationId: string | Placeholder, onlyFor: WalletScope | Placeholder): SQL {
  if (onlyFor === null) {
    const c = listCounts;
    const prefix = sql.raw(`'${CHAIN_COUNT_PREFIX}'`);
    return sql`select substr(${c.list}, length(${prefix}) + 1) from ${c}
      where ${c.organizationId} = ${organizationId} and starts_with(${c.list}, ${prefix}) and ${c.n} > 0`;
  }
  return sql`select distinct ${wallets.blockchain} from ${wallets}
    where ${and(eq(wallets.organizationId, organizationId), walletScopeCondition(db, wallets.id, onlyFor))}`;
}
