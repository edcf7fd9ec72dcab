import { BLOCKCHAINS, nativeToken, SUPPORTED_TOKENS, type TokenInfo } from '@vaultline/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, transaction } from './client.js';

/** The code's token catalogue as the API shows each token (contracts' TokenInfo), keyed by token id. */
export function catalogueById(): Record<string, TokenInfo> {
  return Object.fromEntries(
    SUPPORTED_TOKENS.map((t): [string, TokenInfo] => [
      t.tokenId,
      {
        tokenId: t.tokenId,
        blockchain: t.blockchain,
        symbol: t.symbol,
        name: t.name,
        type: t.type,
        decimals: t.decimals,
        contractAddress: t.contractAddress,
      },
    ]),
  );
}

const FUNCTION = 'vaultline_token_catalogue';
const ORDER_FUNCTION = 'vaultline_token_order';
const NATIVES_FUNCTION = 'vaultline_native_tokens';
const HEADS_FUNCTION = 'vaultline_token_heads';

/**
 * What the functions return: the catalogue by id, each token's place in it, each blockchain's native coin, and each
 * token's JSON text without its closing brace (`heads`), for answers that add their own fields to a token as text.
 */
function functionValues(): Record<string, unknown> {
  const tokens = catalogueById();
  return {
    [FUNCTION]: tokens,
    [HEADS_FUNCTION]: Object.fromEntries(Object.entries(tokens).map(([id, t]) => [id, JSON.stringify(t).slice(0, -1)])),
    [ORDER_FUNCTION]: Object.fromEntries(SUPPORTED_TOKENS.map((t, i) => [t.tokenId, i])),
    [NATIVES_FUNCTION]: Object.fromEntries(BLOCKCHAINS.map((chain) => [chain, nativeToken(chain).tokenId])),
  };
}

/**
 * Writes the code's catalogue into the database as immutable SQL functions each returning one jsonb constant
 * (after the migrations, on every start). PostgreSQL inlines them into each plan as constants: a statement reads a
 * token for the cost of a key lookup, with no join, no table read and no catalogue text in the statement. Replaced
 * only when the code's catalogue changed, under a lock, so processes starting together do not race; replacing one
 * invalidates the plans that folded the old one.
 */
export async function writeTokenCatalogue(db: Db): Promise<void> {
  await transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${FUNCTION}))`);
    for (const [name, value] of Object.entries(functionValues())) {
      const body = `select '${JSON.stringify(value).replaceAll("'", "''")}'::jsonb`;
      const found = (await tx.execute(sql`select prosrc from pg_proc where proname = ${name}`)) as unknown as {
        rows: { prosrc: string }[];
      };
      if (found.rows[0]?.prosrc === body) continue;
      await tx.execute(
        sql.raw(`create or replace function ${name}() returns jsonb language sql immutable parallel safe
          as $catalogue$${body}$catalogue$`),
      );
    }
  });
}

/**
 * The catalogue by token id (jsonb), `order` each token's place in it, `natives` each blockchain's native coin,
 * `heads` each token's JSON text without its closing brace (`heads ->> id`).
 */
export const catalogueSql = {
  tokens: sql.raw(`${FUNCTION}()`),
  heads: sql.raw(`${HEADS_FUNCTION}()`),
  order: sql.raw(`${ORDER_FUNCTION}()`),
  natives: sql.raw(`${NATIVES_FUNCTION}()`),
};

/**
 * A token as the API shows it (contracts' TokenInfo): the catalogue's entry, or for a token the catalogue no longer
 * lists a placeholder under its id (activity-view.ts's tokenOrPlaceholder), so the history still shows it.
 */
export function tokenJson(tokenId: AnyPgColumn, blockchain: AnyPgColumn): SQL {
  return sql`coalesce(${catalogueSql.tokens} -> ${tokenId},
    jsonb_build_object('tokenId', ${tokenId}, 'blockchain', ${blockchain},
      'symbol', regexp_replace(${tokenId}, '^.*[.]', ''), 'name', ${tokenId}, 'type', 'FUNGIBLE', 'decimals', 0,
      'contractAddress', null))`;
}

/** tokenJson as JSON text: the catalogue's kept text of the token (`heads`, closed here), without reading jsonb. */
export function tokenText(tokenId: AnyPgColumn, blockchain: AnyPgColumn): SQL {
  return sql`coalesce((${catalogueSql.heads} ->> ${tokenId}) || '}', (${tokenJson(tokenId, blockchain)})::text)`;
}
