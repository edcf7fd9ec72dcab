import {
  type Blockchain,
  type ChainFamily,
  fromBaseUnits,
  type MessageLanguage,
  nativeToken,
  type TokenInfo,
  tokenById,
  type WithdrawalCreateBody,
  type WithdrawalPreviewBody,
} from '@vaultline/contracts';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { canSeeWallet } from '../access/wallet.policy.js';
import { addressBooksRepository } from '../address-books/address-books.repository.js';
import type { ApprovalsService } from '../approvals/approvals.service.js';
import type { RequestsService } from '../approvals/requests.service.js';
import type { AuthContext } from '../auth/session.service.js';
import { sanctionsCheck } from '../compliance/sanctions.service.js';
import { type OrganizationDeps, orgOf } from '../organization/organization.service.js';
import { organizationRegistration } from '../tokens/registration.js';
import { walletsRepository } from '../wallets/wallets.repository.js';
import { reservationsOf, withdrawalBalances } from './withdrawal-balances.repository.js';
import { feeReserveOf, invalid, minimumOf, parseAmount } from './withdrawal-rules.js';

type Decision = { requestId: string; memo?: string | undefined; otpCode: string };

/**
 * Withdrawal requests: the create rules (wallet, token, destination, amount, balance) and the hold on the balance,
 * taken in the transaction that opens the request; decisions and cancellation are the approval engine's, whose
 * registry entry releases the hold (request-types.ts).
 */
export function withdrawalsService(
  deps: OrganizationDeps & {
    approvals: ApprovalsService;
    requests: RequestsService;
    /** The network fee a transfer would pay now, from the node (the engine's, handed in by services.ts). */
    feeQuote?: (blockchain: Blockchain, token: TokenInfo) => Promise<bigint | null>;
  },
) {
  const { db, requests, approvals } = deps;

  /** The wallet, if the caller may see it (404 otherwise), with the caller's role in it. */
  async function usableWallet(tx: Db, auth: AuthContext, walletId: string, family: ChainFamily) {
    const repo = walletsRepository(tx, orgOf(auth));
    // Shared: withdrawals open side by side, while a change to the wallet's line or members waits (4012 after).
    const wallet = (await repo.lockWallet(walletId, 'share')) ? await repo.find(walletId) : undefined;
    const role = wallet ? ((await repo.memberships([wallet.id], auth.accountId)).get(wallet.id) ?? null) : null;
    if (!wallet || !canSeeWallet(auth, role)) throw new AppError('404');
    if (wallet.family !== family) throw new AppError('4000', { reason: 'family-mismatch' });
    return { wallet, role };
  }

  /**
   * A REGISTERED entry of the organization for this network and token (an exchange entry with a travel-rule approval
   * still valid); the sanctions list is checked by the caller.
   */
  async function destination(tx: Db, auth: AuthContext, id: string, blockchain: string, tokenId: string) {
    const repo = addressBooksRepository(tx, orgOf(auth));
    const entry = await repo.find(id);
    if (!entry) throw new AppError('404', { reason: 'address-book-entry' });
    if (entry.state !== 'REGISTERED') throw new AppError('4032', { reason: 'destination-not-registered' });
    if (entry.blockchain !== blockchain || entry.tokenId !== tokenId)
      throw new AppError('4032', { reason: 'destination-mismatch' });
    // An exchange's confirmation of its customer holds for a while only: past it, the entry is verified again first.
    if (entry.walletType === 'VASP') {
      const approved = (await repo.inquiries([entry.id])).find((inquiry) => inquiry.status === 'APPROVED');
      if (!approved?.expiresAt || approved.expiresAt <= deps.clock()) {
        throw new AppError('4032', { reason: 'verification-expired' });
      }
    }
    return entry;
  }

  /** The token, if it is of the wallet's network and registered by the organization (natives always are). */
  async function registeredToken(
    tx: Db,
    auth: AuthContext,
    blockchain: string,
    tokenId: string,
    lang: MessageLanguage,
  ) {
    const token = tokenById(tokenId);
    if (!token || token.blockchain !== blockchain) throw invalid(lang, 'tokenId', 'validation.token.unknown');
    const registration = await organizationRegistration(tx, orgOf(auth), [token.blockchain]);
    if (!registration.isRegistered(token.tokenId)) throw invalid(lang, 'tokenId', 'validation.token.unknown');
    return token;
  }

  return {
    /** What the form shows before submitting; nothing is held or written. */
    async preview(auth: AuthContext, family: ChainFamily, body: WithdrawalPreviewBody, lang: MessageLanguage) {
      const shown = await transaction(db, async (tx) => {
        const { wallet, role } = await usableWallet(tx, auth, body.walletId, family);
        const token = await registeredToken(tx, auth, wallet.blockchain, body.tokenId, lang);
        const native = nativeToken(token.blockchain);
        const reserve = feeReserveOf(token.blockchain, token);
        const rows = await withdrawalBalances(tx, wallet.id).read([token.tokenId, native.tokenId]);
        const free = (tokenId: string) => {
          const r = rows.get(tokenId);
          const left = r ? r.total - r.locked - r.staked : 0n;
          return left > 0n ? left : 0n;
        };
        const own = rows.get(token.tokenId);
        const withdrawable = free(token.tokenId);
        const nativeFree = free(native.tokenId);
        const paysOwnFee = token.tokenId === native.tokenId;
        const max = paysOwnFee ? withdrawable - reserve : withdrawable;
        const dec = (units: bigint, decimals = token.decimals) => fromBaseUnits(units, decimals);
        return {
          walletId: wallet.id,
          token: { tokenId: token.tokenId, symbol: token.symbol, decimals: token.decimals },
          minimum: dec(minimumOf(token)),
          balance: dec(own?.total ?? 0n),
          locked: dec(own?.locked ?? 0n),
          staked: dec(own?.staked ?? 0n),
          withdrawable: dec(withdrawable),
          maxAmount: dec(max > 0n ? max : 0n),
          fee: {
            tokenId: native.tokenId,
            symbol: native.symbol,
            reserve: dec(reserve, native.decimals),
            available: dec(nativeFree, native.decimals),
            covered: nativeFree >= reserve && (!paysOwnFee || withdrawable > reserve),
          },
          memoSupported: family === 'eosio',
          approval: await requests.previewLine(tx, auth, 'WITHDRAWAL', wallet.id, { walletRole: role }),
        };
      });
      // After the transaction: the devnet's node reads the database, which PGlite serves on one connection.
      const token = tokenById(shown.token.tokenId)!;
      const quote = deps.feeQuote ? await deps.feeQuote(token.blockchain, token) : null;
      const native = nativeToken(token.blockchain);
      return {
        ...shown,
        fee: { ...shown.fee, estimate: quote === null ? null : fromBaseUnits(quote, native.decimals) },
      };
    },

    async create(auth: AuthContext, family: ChainFamily, body: WithdrawalCreateBody, lang: MessageLanguage) {
      const row = await transaction(db, async (tx) => {
        const { wallet, role } = await usableWallet(tx, auth, body.walletId, family);
        const blockchain = wallet.blockchain as Parameters<typeof nativeToken>[0];
        const token = await registeredToken(tx, auth, blockchain, body.tokenId, lang);
        const amount = parseAmount(body.amount, token, lang);
        const entry = await destination(tx, auth, body.addressBookId, blockchain, token.tokenId);
        if (await sanctionsCheck(tx).isSanctioned(blockchain, entry.address))
          throw invalid(lang, 'addressBookId', 'validation.addressBook.sanctioned');
        const memo = body.memo ?? entry.memo ?? undefined;
        if (memo && family !== 'eosio') throw invalid(lang, 'memo', 'validation.addressBook.memoNotSupported');

        const feeReserve = feeReserveOf(blockchain, token);
        const content = {
          kind: 'WITHDRAWAL' as const,
          walletId: wallet.id,
          blockchain,
          tokenId: token.tokenId,
          amount: amount.toString(),
          toAddress: entry.address,
          addressBookId: entry.id,
          destinationName: entry.name,
          ...(memo ? { memo } : {}),
          ...(feeReserve > 0n ? { feeReserve: feeReserve.toString() } : {}),
        };
        // The rows stay locked until commit: a concurrent withdrawal waits here and then sees this one's hold.
        const held = reservationsOf(content);
        const balances = withdrawalBalances(tx, wallet.id);
        const rows = await balances.lock([...held.keys()]);
        for (const [tokenId, need] of held) {
          const r = rows.get(tokenId);
          const withdrawable = r ? r.total - r.locked - r.staked : 0n;
          if (need > withdrawable) {
            const info = tokenById(tokenId)!;
            // Which part is short: the amount itself, or the native coin for a token withdrawal's fee.
            const shortOf = tokenId === token.tokenId ? 'amount' : 'fee';
            throw new AppError('4', {
              shortOf,
              withdrawable: fromBaseUnits(withdrawable > 0n ? withdrawable : 0n, info.decimals),
              symbol: info.symbol,
            });
          }
        }
        await balances.hold(held, 1n);
        return requests.open(tx, auth, 'WITHDRAWAL', content, { walletRole: role });
      });
      return approvals.detail(auth, row.id, async () => true);
    },

    decide: (auth: AuthContext, family: ChainFamily, decision: 'APPROVED' | 'REJECTED', input: Decision) =>
      requests.decide(auth, input.requestId, decision, input, { type: 'WITHDRAWAL', family }),
    cancel: (auth: AuthContext, family: ChainFamily, requestId: string) =>
      requests.cancel(auth, requestId, { type: 'WITHDRAWAL', family }),
  };
}

export type WithdrawalsService = ReturnType<typeof withdrawalsService>;
