import {
  type Blockchain,
  familyOf,
  type MessageLanguage,
  type OperatorRole,
  operatorCan,
  validationMessage,
} from '@vaultline/contracts';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { actorOf, recordAudit } from '../audit/audit.js';
import type { AuthContext } from '../auth/session.service.js';
import { type ListingRow, sanctionsRepository } from './sanctions.repository.js';
import { addressKeyOf, tagFamily } from './sanctions-chains.js';
import { parseSanctionsCsv } from './sanctions-csv.js';

// What other modules ask of the sanctions list (the address book before registering, withdrawals before sending).
export interface SanctionsCheck {
  /** Whether the address (in its network's canonical form) is on any imported sanctions list. */
  isSanctioned(blockchain: Blockchain, address: string): Promise<boolean>;
}

/**
 * Every listing of an address on a product blockchain. Listings match by chain family, not network: an EVM address
 * is the same key on every EVM network, so an `ETH` listing counts on Polygon and Sepolia alike. Bitcoin-type
 * mainnet and testnet share the family too; that never confuses them, because the two networks' addresses differ
 * in their text (`bc1…`/`1…`/`3…` against `tb1…`/`m…`/`n…`/`2…`), so a listed mainnet address can only ever
 * equal a mainnet one.
 */
export async function sanctionsListings(db: Db, blockchain: Blockchain, address: string): Promise<ListingRow[]> {
  const family = familyOf(blockchain);
  const rows = await sanctionsRepository(db).byKey(addressKeyOf(family, address));
  return rows.filter((r) => tagFamily(r.chain, r.address) === family);
}

export function sanctionsCheck(db: Db): SanctionsCheck {
  return {
    isSanctioned: async (blockchain, address) => (await sanctionsListings(db, blockchain, address)).length > 0,
  };
}

/** Operators' import of one list: it replaces that list whole, in one transaction. */
export function sanctionsImportService(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;
  return {
    async importList(auth: AuthContext, list: string, csv: string, lang: MessageLanguage) {
      if (!operatorCan(auth.operatorRole as OperatorRole | null, 'importSanctions')) {
        throw new AppError('403', { ability: 'importSanctions' });
      }
      const parsed = parseSanctionsCsv(csv);
      if (!parsed.ok) {
        // The problem's name only: a list may be large, and its content is never echoed back.
        const key = 'validation.sanctions.csvInvalid';
        throw new AppError('4000', {
          reason: 'validation',
          issues: [
            { path: 'body.csv', message: validationMessage(key, lang), key, params: { problem: parsed.problem } },
          ],
        });
      }
      await transaction(db, async (tx) => {
        await sanctionsRepository(tx).replaceList(list, parsed.rows, clock());
        await recordAudit(
          tx,
          actorOf(auth),
          {
            action: 'SANCTIONS_IMPORTED',
            objectType: 'sanctions_list',
            objectId: list,
            after: { imported: parsed.rows.length, skipped: parsed.skipped },
          },
          clock(),
        );
      });
      return { list, imported: parsed.rows.length, skipped: parsed.skipped };
    },
  };
}

export type SanctionsImportService = ReturnType<typeof sanctionsImportService>;
