import { SUPPORTED_TOKENS, type TokenInfo } from '@vaultline/contracts';
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

/**
 * Writes the code's catalogue into the database as an immutable SQL function returning one jsonb constant (after the
 * migrations, on every start). PostgreSQL inlines it into each plan as a constant: a statement reads a token for the
 * cost of a key lookup, with no join, no table read and no catalogue text in the statement. Replaced only when the
 * code's catalogue changed, under a lock, so processes starting together do not race; replacing it invalidates
 * the plans that folded the old one.
 */
export async function writeTokenCatalogue(db: Db): Promise<void> {
  const body = `select '${JSON.stringify(catalogueById()).replaceAll("'", "''")}'::jsonb`;
  await transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${FUNCTION}))`);
    const found = (await tx.execute(sql`select prosrc from pg_proc where proname = ${FUNCTION}`)) as unknown as {
      rows: { prosrc: string }[];
    };
    if (found.rows[0]?.prosrc === body) return;
    await tx.execute(
      sql.raw(`create or replace function ${FUNCTION}() returns jsonb language sql immutable parallel safe
        as $catalogue$${body}$catalogue$`),
    );
  });
}

/**
 * A token as the API shows it (contracts' TokenInfo): the catalogue's entry, or for a token the catalogue no longer
 * lists a placeholder under its id (activity-view.ts's tokenOrPlaceholder), so the history still shows it.
 */
export function tokenJson(tokenId: AnyPgColumn, blockchain: AnyPgColumn): SQL {
  return sql`coalesce(${sql.raw(FUNCTION)}() -> ${tokenId},
    jsonb_build_object('tokenId', ${tokenId}, 'blockchain', ${blockchain},
      'symbol', regexp_replace(${tokenId}, '^.*[.]', ''), 'name', ${tokenId}, 'type', 'FUNGIBLE', 'decimals', 0,
      'contractAddress', null))`;
}
