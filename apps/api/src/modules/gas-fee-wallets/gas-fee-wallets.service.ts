import {
  type Blockchain,
  errorMessage,
  fromBaseUnits,
  type GasFeeWallet,
  type MessageLanguage,
  nativeToken,
} from '@vaultline/contracts';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { AuthContext } from '../auth/session.service.js';
import { type OrganizationDeps, orgOf } from '../organization/organization.service.js';
import { gasFeeCustody } from './gas-fee-custody.service.js';
import { lowWaterMark } from './gas-fee-policy.js';
import type { GasFeeWalletRow } from './gas-fee-wallets.repository.js';
import { gasFeeWalletsRepository } from './gas-fee-wallets.repository.js';
import { lockedSeed } from './organization-seed.js';

type Deps = Pick<OrganizationDeps, 'db' | 'config' | 'clock'>;

function view(row: GasFeeWalletRow, lang: MessageLanguage): GasFeeWallet {
  const blockchain = row.blockchain as Blockchain;
  const { decimals, symbol } = nativeToken(blockchain);
  const mark = lowWaterMark(blockchain);
  const low = BigInt(row.balance) < mark;
  return {
    blockchain,
    address: row.address,
    balance: fromBaseUnits(row.balance, decimals),
    symbol,
    lowWaterMark: fromBaseUnits(mark, decimals),
    low,
    warning: low ? { code: '10', message: errorMessage('10', lang) ?? '' } : null,
  };
}

/**
 * Refuses (9) a wallet-creation request the network's gas-fee wallet cannot pay for now; made in the request's own
 * transaction, which also makes the gas-fee wallet when this is the network's first wallet. The engine checks again
 * when it executes (5001): the balance may have moved in between.
 */
export async function assertCreationCovered(tx: Db, deps: Deps, organizationId: string, blockchain: Blockchain) {
  const custody = gasFeeCustody(tx, organizationId, { config: deps.config, now: deps.clock });
  const seed = async () => (await lockedSeed(tx, organizationId, deps.config.masterKey)).seed;
  if (!(await custody.coversCreation(blockchain, seed))) throw new AppError('9', { blockchain });
}

export function gasFeeWalletsService(deps: Deps) {
  const { db, config, clock } = deps;
  return {
    /** The list, after making (in one transaction) the gas-fee wallet of any network that has wallets but none yet. */
    async list(auth: AuthContext, lang: MessageLanguage): Promise<{ items: GasFeeWallet[] }> {
      const organizationId = orgOf(auth);
      const repo = gasFeeWalletsRepository(db, organizationId);
      const have = new Set((await repo.list()).map((r) => r.blockchain));
      const missing = (await repo.walletChains()).filter((chain) => !have.has(chain)) as Blockchain[];
      if (missing.length > 0) {
        await transaction(db, async (tx) => {
          const custody = gasFeeCustody(tx, organizationId, { config, now: clock });
          let seed: Uint8Array | undefined;
          const open = async () => {
            seed ??= (await lockedSeed(tx, organizationId, config.masterKey)).seed;
            return seed;
          };
          for (const blockchain of missing.sort()) await custody.ensure(blockchain, open);
        });
      }
      return { items: (await repo.list()).map((row) => view(row, lang)) };
    },
  };
}

export type GasFeeWalletsService = ReturnType<typeof gasFeeWalletsService>;
