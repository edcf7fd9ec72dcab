import {
  BLOCKCHAIN_INFO,
  BLOCKCHAINS,
  type Blockchain,
  blockchainLabel,
  nativeToken,
  type OrganizationToken,
  SUPPORTED_TOKENS,
  type SupportedToken,
  tokenById,
} from '@vaultline/contracts';
import { chainRuntimeOf } from '../../config.js';
import { transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { actorOf, recordAudit } from '../audit/audit.js';
import type { AuthContext } from '../auth/session.service.js';
import { type OrganizationDeps, orgOf } from '../organization/organization.service.js';
import { organizationRegistration } from './registration.js';
import { type OrganizationTokenRow, tokensRepository } from './tokens.repository.js';

export interface TokenListQuery {
  page: number;
  size: number;
  sort: { field: 'addedAt' | 'symbol' | 'blockchain'; direction: 'ASC' | 'DESC' }[];
  filters?: { blockchain?: Blockchain[] | undefined; search?: string | undefined } | undefined;
}

function view(row: OrganizationTokenRow): OrganizationToken {
  const token = tokenById(row.tokenId);
  // Rows are only ever made from catalogue ids; a token retired from the catalogue would be a release bug.
  if (!token) throw new Error(`organization token ${row.id} names unknown token ${row.tokenId}`);
  return {
    ...token,
    id: row.id,
    addedAt: row.createdAt.toISOString(),
    addedBy: row.addedById ? { id: row.addedById, userName: row.addedByName ?? '' } : null,
  };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const SORT_KEYS: Record<TokenListQuery['sort'][number]['field'], (t: OrganizationToken) => string> = {
  addedAt: (t) => t.addedAt,
  symbol: (t) => t.symbol.toUpperCase(),
  blockchain: (t) => t.blockchain,
};

/** Supported blockchains and tokens (the catalogue in contracts) and the tokens each organization registered. */
export function tokensService(deps: OrganizationDeps) {
  const { db, clock, config } = deps;

  return {
    supportedBlockchains() {
      return {
        items: BLOCKCHAINS.map((blockchain) => ({
          blockchain,
          family: BLOCKCHAIN_INFO[blockchain].family,
          network: BLOCKCHAIN_INFO[blockchain].network,
          label: blockchainLabel(blockchain, 'en'),
          labelKo: blockchainLabel(blockchain, 'ko'),
          nativeToken: nativeToken(blockchain),
          runtime: chainRuntimeOf(config, blockchain).kind,
        })),
      };
    },

    /** The catalogue, each token flagged as registered or not for the caller's organization. */
    async supportedTokens(auth: AuthContext, blockchain?: Blockchain): Promise<{ items: SupportedToken[] }> {
      const registration = await organizationRegistration(db, orgOf(auth), blockchain ? [blockchain] : undefined);
      return {
        items: SUPPORTED_TOKENS.filter((t) => !blockchain || t.blockchain === blockchain).map((t) => ({
          ...t,
          registered: registration.isRegistered(t.tokenId),
        })),
      };
    },

    async add(auth: AuthContext, tokenId: string) {
      const organizationId = orgOf(auth);
      const token = tokenById(tokenId);
      // The pattern check passed, so this is a well-formed id the catalogue does not hold: a validation error.
      if (!token) throw new AppError('4000', { reason: 'unknown-token', tokenId });
      // Native coins are always supported: registering one is "already registered".
      if (token.type === 'NATIVE') throw new AppError('4033', { tokenId });
      const id = await transaction(db, async (tx) => {
        const inserted = await tokensRepository(tx, organizationId).insert({
          tokenId,
          blockchain: token.blockchain,
          addedBy: auth.accountId,
          now: clock(),
        });
        if (!inserted) throw new AppError('4033', { tokenId });
        await recordAudit(
          tx,
          actorOf(auth),
          { action: 'TOKEN_ADDED', objectType: 'organization_token', objectId: inserted, after: { tokenId } },
          clock(),
        );
        return inserted;
      });
      return view((await tokensRepository(db, organizationId).find(id))!);
    },

    async get(auth: AuthContext, id: string) {
      const row = await tokensRepository(db, orgOf(auth)).find(id);
      if (!row) throw new AppError('404');
      return view(row);
    },

    async list(auth: AuthContext, q: TokenListQuery) {
      let items = (await tokensRepository(db, orgOf(auth)).all(q.filters?.blockchain)).map(view);
      const search = q.filters?.search?.toLowerCase();
      if (search) {
        items = items.filter((t) => t.symbol.toLowerCase().includes(search) || t.name.toLowerCase().includes(search));
      }
      const sort = q.sort.length ? q.sort : [{ field: 'addedAt' as const, direction: 'DESC' as const }];
      items.sort((a, b) => {
        for (const s of sort) {
          const c = compareText(SORT_KEYS[s.field](a), SORT_KEYS[s.field](b));
          if (c !== 0) return s.direction === 'ASC' ? c : -c;
        }
        return compareText(a.id, b.id);
      });
      const start = (q.page - 1) * q.size;
      return { items: items.slice(start, start + q.size), page: q.page, size: q.size, total: items.length };
    },

    async remove(auth: AuthContext, id: string) {
      return transaction(db, async (tx) => {
        const repo = tokensRepository(tx, orgOf(auth));
        const row = await repo.find(id);
        if (!row || !(await repo.remove(id))) throw new AppError('404');
        await recordAudit(
          tx,
          actorOf(auth),
          { action: 'TOKEN_REMOVED', objectType: 'organization_token', objectId: id, before: { tokenId: row.tokenId } },
          clock(),
        );
        return { ok: true as const };
      });
    },
  };
}

export type TokensService = ReturnType<typeof tokensService>;
