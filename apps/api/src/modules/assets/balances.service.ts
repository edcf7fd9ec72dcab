import {
  type Blockchain,
  type balancesOrganizationCall,
  type CallResponse,
  nativeToken,
  SUPPORTED_TOKENS,
  type TokenBalance,
  type TokenInfo,
  tokenById,
  type WalletBalances,
} from '@vaultline/contracts';
import { AppError } from '../../http/app-error.js';
import { JsonText, jsonObjectText } from '../../http/json-text.js';
import { walletScope } from '../access/wallet.policy.js';
import type { AuthContext } from '../auth/session.service.js';
import { type OrganizationDeps, orgOf } from '../organization/organization.service.js';
import { organizationRegistration, type Registration } from '../tokens/registration.js';
import { organizationTotalsJson } from './balance-totals.repository.js';
import { type BalanceAmounts, type BalanceRow, balancesRepository } from './balances.repository.js';

type OrganizationTotalsAnswer = CallResponse<typeof balancesOrganizationCall>;

const ZERO: BalanceAmounts = { total: '0', staked: '0', withdrawable: '0' };

/**
 * A token's facts with its amounts, field by field. Not `{ ...token, ...amounts }`: on Node 20 an object spread
 * followed by more fields builds a new hidden class every time (2 µs for each of the 47 balance totals, half the
 * call's server time in issue 17's bench), and what it builds is slower for zod and JSON.stringify to read.
 */
function tokenBalance(token: TokenInfo, amounts: BalanceAmounts): TokenBalance {
  return {
    tokenId: token.tokenId,
    blockchain: token.blockchain,
    symbol: token.symbol,
    name: token.name,
    type: token.type,
    decimals: token.decimals,
    contractAddress: token.contractAddress,
    total: amounts.total,
    withdrawable: amounts.withdrawable,
    staked: amounts.staked,
  };
}

/** Catalogue order: native coins first (by blockchain), then the curated tokens. */
const CATALOGUE_INDEX = new Map(SUPPORTED_TOKENS.map((t, i) => [t.tokenId, i]));
const byCatalogue = (a: { tokenId: string }, b: { tokenId: string }) =>
  (CATALOGUE_INDEX.get(a.tokenId) ?? 0) - (CATALOGUE_INDEX.get(b.tokenId) ?? 0);

export interface WalletBalancesBody {
  page: number;
  size: number;
  sort: { field: 'name' | 'createdAt'; direction: 'ASC' | 'DESC' }[];
  filters?:
    | {
        blockchain?: Blockchain[] | undefined;
        tokenId?: string | undefined;
        walletId?: string[] | undefined;
        hasToken?: boolean | undefined;
      }
    | undefined;
}

interface WalletRef {
  id: string;
  name: string;
  blockchain: string;
  address: string;
}

/**
 * One wallet's balances: its native coin, the organization's tokens of its chain and whatever else it holds
 * (only `onlyToken` when given); `hasToken` keeps the nonzero ones. Held tokens the organization has not
 * registered are answered apart, and only when nonzero: they are shown, but never mixed into the registered.
 */
function walletView(
  wallet: WalletRef,
  rows: BalanceRow[],
  registration: Registration,
  opts: { hasToken?: boolean | undefined; onlyToken?: string | undefined },
): WalletBalances {
  const chain = wallet.blockchain as Blockchain;
  const held = new Map(rows.filter((r) => r.walletId === wallet.id).map((r) => [r.tokenId, r]));
  const ids = new Set([nativeToken(chain).tokenId, ...registration.addedTokenIds, ...held.keys()]);
  const balances: TokenBalance[] = [];
  const unregistered: TokenBalance[] = [];
  for (const id of ids) {
    const token = tokenById(id);
    if (!token || token.blockchain !== chain) continue;
    if (opts.onlyToken && id !== opts.onlyToken) continue;
    const row = held.get(id);
    const amounts = row ? { total: row.total, staked: row.staked, withdrawable: row.withdrawable } : ZERO;
    if (!registration.isRegistered(id)) {
      if (amounts.total !== '0') unregistered.push(tokenBalance(token, amounts));
      continue;
    }
    if (opts.hasToken && amounts.total === '0') continue;
    balances.push(tokenBalance(token, amounts));
  }
  balances.sort(byCatalogue);
  unregistered.sort(byCatalogue);
  return {
    walletId: wallet.id,
    name: wallet.name,
    blockchain: chain,
    address: wallet.address,
    balances,
    unregistered,
  };
}

/** The read side of balances: the engine's watcher writes wallet_balances together with each activity. */
export function balancesService(deps: OrganizationDeps) {
  const { db } = deps;

  async function visibleWallet(auth: AuthContext, walletId: string) {
    const wallet = await balancesRepository(db, orgOf(auth)).visibleWallet(walletScope(auth), walletId);
    if (!wallet) throw new AppError('404');
    return wallet;
  }

  return {
    async organization(
      auth: AuthContext,
      body: { blockchain?: Blockchain[] | undefined; hasToken?: boolean | undefined },
    ) {
      const onlyFor = walletScope(auth);
      const { items, unregistered } = await organizationTotalsJson(db, orgOf(auth), {
        onlyFor,
        blockchains: body.blockchain,
        hasToken: body.hasToken,
      });
      return new JsonText<OrganizationTotalsAnswer>(
        jsonObjectText({ items, unregistered }, { partial: onlyFor !== null }),
      );
    },

    async wallets(auth: AuthContext, q: WalletBalancesBody) {
      const organizationId = orgOf(auth);
      const onlyFor = walletScope(auth);
      const f = q.filters ?? {};
      const token = f.tokenId ? tokenById(f.tokenId) : undefined;
      if (f.tokenId && !token) throw new AppError('4000', { reason: 'unknown-token', tokenId: f.tokenId });
      // A token filter narrows to the wallets of its blockchain and to that token's balance.
      const blockchains = token
        ? f.blockchain?.length
          ? f.blockchain.filter((c) => c === token.blockchain)
          : [token.blockchain]
        : f.blockchain;
      if (token && blockchains?.length === 0) {
        return { items: [], page: q.page, size: q.size, total: 0, partial: onlyFor !== null };
      }
      const repo = balancesRepository(db, organizationId);
      const { rows, total } = await repo.wallets(onlyFor, {
        page: q.page,
        size: q.size,
        sort: q.sort,
        blockchains,
        walletIds: f.walletId,
        holding: f.hasToken ? { tokenId: f.tokenId } : undefined,
      });
      const [balances, registration] = await Promise.all([
        repo.ofWallets(
          rows.map((w) => w.id),
          f.tokenId,
        ),
        organizationRegistration(db, organizationId),
      ]);
      const items = rows.map((w) =>
        walletView(w, balances, registration, { hasToken: f.hasToken, onlyToken: f.tokenId }),
      );
      return { items, page: q.page, size: q.size, total, partial: onlyFor !== null };
    },

    async wallet(auth: AuthContext, walletId: string, hasToken: boolean) {
      const wallet = await visibleWallet(auth, walletId);
      const [rows, registration] = await Promise.all([
        balancesRepository(db, orgOf(auth)).ofWallets([wallet.id]),
        organizationRegistration(db, orgOf(auth), [wallet.blockchain]),
      ]);
      return walletView(wallet, rows, registration, { hasToken });
    },

    async walletToken(auth: AuthContext, walletId: string, tokenId: string) {
      const wallet = await visibleWallet(auth, walletId);
      const token = tokenById(tokenId);
      // A token of another chain (or none at all) is not something this wallet can hold.
      if (!token || token.blockchain !== wallet.blockchain) throw new AppError('404');
      const [row] = await balancesRepository(db, orgOf(auth)).ofWallets([wallet.id], tokenId);
      const amounts = row ? { total: row.total, staked: row.staked, withdrawable: row.withdrawable } : ZERO;
      return { ...tokenBalance(token, amounts), walletId: wallet.id };
    },
  };
}

export type BalancesService = ReturnType<typeof balancesService>;
