import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { frozen } from '../../db/frozen-sql.js';
import { isoTime } from '../../db/json-page.js';
import { asColumn, organizationRows } from '../../db/organization-rows.js';
import {
  accounts,
  approvalTemplates,
  chainTransactions,
  requestDecisions,
  requests,
  wallets,
} from '../../db/schema/index.js';
import { shapedStatements, slot } from '../../db/shaped-statements.js';
import type { WalletScope } from '../access/wallet.policy.js';
import type { RequestViewValues } from './request-list-item.js';
import { pendingFor, requestPage } from './request-page.repository.js';

export type RequestRow = typeof requests.$inferSelect;
export type DecisionRow = typeof requestDecisions.$inferSelect;

/** Whom and what a page of requests names: its ids, initiators and eligible approvers, and wallets (`related`). */
export function relatedIdsOf(rows: RequestRow[]): { requestIds: string[]; personIds: string[]; walletIds: string[] } {
  const people = new Set<string>();
  for (const r of rows) {
    people.add(r.initiatorId);
    for (const s of r.steps) for (const m of s.eligible) people.add(m);
  }
  return {
    requestIds: rows.map((r) => r.id),
    personIds: [...people],
    walletIds: rows.flatMap((r) => (r.walletId ? [r.walletId] : [])),
  };
}

/** What a request's view reads of the chain transactions it sent (request-execution-view.ts). */
export type AttemptFacts = Pick<
  typeof chainTransactions.$inferSelect,
  'requestId' | 'purpose' | 'attempt' | 'status' | 'blockHeight' | 'sentAt' | 'blockchain' | 'hash' | 'fee' | 'feePaid'
>;

/** AttemptFacts as JSON: amounts and heights as exact decimal text, the send time as ISO text. */
const ATTEMPT_JSON = frozen(sql`json_build_object('requestId', ${chainTransactions.requestId},
  'purpose', ${chainTransactions.purpose}, 'attempt', ${chainTransactions.attempt}, 'status', ${chainTransactions.status},
  'blockHeight', ${chainTransactions.blockHeight}::text, 'sentAt', ${isoTime(chainTransactions.sentAt)},
  'blockchain', ${chainTransactions.blockchain}, 'hash', ${chainTransactions.hash}, 'fee', ${chainTransactions.fee}::text,
  'feePaid', ${chainTransactions.feePaid}::text)`);

export interface RequestListQuery {
  page: number;
  size: number;
  sort: { field: 'createdAt' | 'updatedAt'; direction: 'ASC' | 'DESC' }[];
  filters?:
    | {
        tab?: 'PENDING_MY_APPROVAL' | 'MY_APPROVAL_HISTORY' | 'ALL_APPROVAL_HISTORY' | 'MY_REQUESTS' | undefined;
        type?: RequestRow['type'][] | undefined;
        status?: ('CREATED' | 'EXECUTING' | 'COMPLETE' | 'FAILED')[] | undefined;
        walletId?: string | undefined;
        initiatorId?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
      }
    | undefined;
  /** Keyset paging: the id of the previous answer's last request; `page` is then ignored. */
  after?: string | undefined;
}

type RelatedRow = {
  decisions: (Omit<DecisionRow, 'decidedAt'> & { decidedAt: string })[];
  people: Record<string, { email: string; userName: string }>;
  names: Record<string, string>;
  attempts: (Omit<AttemptFacts, 'sentAt'> & { sentAt: string | null })[];
};

/** `related`'s one statement, built once (shaped-statements.ts): every value is a placeholder. */
const relatedStatement = () => {
  const org = slot('org');
  const ids = (name: string) => sql`${slot(name)}::uuid[]`;
  return sql`select
    (select coalesce(json_agg(json_build_object('id', ${requestDecisions.id}, 'requestId', ${requestDecisions.requestId},
        'accountId', ${requestDecisions.accountId}, 'step', ${requestDecisions.step},
        'decision', ${requestDecisions.decision}, 'memo', ${requestDecisions.memo},
        'decidedAt', ${isoTime(requestDecisions.decidedAt)})), '[]')
      from ${requestDecisions} where ${requestDecisions.requestId} = any(${ids('requestIds')})
        and ${requestDecisions.requestId} in (select ${requests.id} from ${requests} where ${requests.organizationId} = ${org}))
      as decisions,
    (select coalesce(json_object_agg(${accounts.id}, json_build_object('email', ${accounts.email},
        'userName', ${accounts.userName})), '{}')
      from ${accounts} where ${accounts.organizationId} = ${org} and ${accounts.id} = any(${ids('personIds')}))
      as people,
    (select coalesce(json_object_agg(${wallets.id}, ${wallets.name}), '{}')
      from ${wallets} where ${wallets.organizationId} = ${org} and ${wallets.id} = any(${ids('walletIds')}))
      as names,
    (select coalesce(json_agg(${ATTEMPT_JSON} order by ${chainTransactions.attempt} desc), '[]')
      from ${chainTransactions} where ${chainTransactions.organizationId} = ${org}
        and ${chainTransactions.requestId} = any(${ids('sendingIds')})
        and ${chainTransactions.purpose} = any(${slot('purposes')}::text[])) as attempts`;
};

/**
 * Requests, decisions and approval lines of one organization, bound at construction: requests and lines by their
 * organization_id, decisions through their request, so no id of another organization's row reaches anything.
 */
export function approvalsRepository(db: Db, organizationId: string) {
  const own = organizationRows(db, organizationId);
  const ownRequest = (id: string) => and(eq(requests.organizationId, organizationId), eq(requests.id, id));

  return {
    async findTemplate(scope: 'WALLET' | 'WALLET_CREATION', walletId: string | null) {
      const [row] = await db
        .select()
        .from(approvalTemplates)
        .where(
          and(
            eq(approvalTemplates.organizationId, organizationId),
            eq(approvalTemplates.scope, scope),
            walletId ? eq(approvalTemplates.walletId, walletId) : sql`${approvalTemplates.walletId} is null`,
          ),
        );
      return row;
    },

    async saveTemplate(values: Omit<typeof approvalTemplates.$inferInsert, 'organizationId'>) {
      const existing = await this.findTemplate(values.scope, values.walletId ?? null);
      if (existing) {
        const [row] = await db
          .update(approvalTemplates)
          .set({ template: values.template, updatedBy: values.updatedBy, updatedAt: values.updatedAt })
          .where(and(eq(approvalTemplates.organizationId, organizationId), eq(approvalTemplates.id, existing.id)))
          .returning();
        return row!;
      }
      const [row] = await db
        .insert(approvalTemplates)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    async insertRequest(values: Omit<typeof requests.$inferInsert, 'organizationId'>) {
      const [row] = await db
        .insert(requests)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    /**
     * `lock` takes the row FOR UPDATE in the caller's transaction; with `nowait` a row another transaction holds
     * is not waited for: PostgreSQL refuses at once with 55P03 (lock_not_available), for the caller to answer.
     */
    async findRequest(id: string, opts: { lock?: boolean; nowait?: boolean } = {}) {
      const q = db.select().from(requests).where(ownRequest(id));
      const [row] = opts.lock ? await q.for('update', opts.nowait ? { noWait: true } : {}) : await q;
      return row;
    },

    /** undefined when the request is not this organization's: nothing is updated then. */
    async updateRequest(id: string, values: Partial<Omit<typeof requests.$inferInsert, 'id' | 'organizationId'>>) {
      const [row] = await db.update(requests).set(values).where(ownRequest(id)).returning();
      return row;
    },

    /** The progress of an EXECUTING request, written only when it changes (each write is a live event). */
    /** `at`: the caller's clock when it has one (the live notices read changes by it); the database's otherwise. */
    async setExecutingProgress(id: string, progress: 'SIGNING' | 'PROCESSING', at?: Date) {
      await db
        .update(requests)
        .set({ progress, updatedAt: at ?? sql`now()` })
        .where(and(ownRequest(id), eq(requests.status, 'EXECUTING'), ne(requests.progress, progress)));
    },

    /**
     * One decision, written only onto a request of this organization by one of its members: the select finds no
     * row otherwise, and nothing is inserted.
     */
    async insertDecision(values: Omit<typeof requestDecisions.$inferInsert, 'id'> & { decidedAt: Date }) {
      const c = requestDecisions;
      await db.insert(requestDecisions).select(
        db
          .select({
            id: sql<string>`gen_random_uuid()`.as('id'),
            requestId: requests.id,
            accountId: accounts.id,
            step: asColumn(values.step, c.step),
            decision: asColumn(values.decision, c.decision),
            memo: asColumn(values.memo ?? null, c.memo),
            decidedAt: asColumn(values.decidedAt, c.decidedAt),
          })
          .from(requests)
          .innerJoin(accounts, and(eq(accounts.id, values.accountId), eq(accounts.organizationId, organizationId)))
          .where(ownRequest(values.requestId)),
      );
    },

    async decisionsOf(requestIds: string[]) {
      if (requestIds.length === 0) return [] as DecisionRow[];
      return db
        .select()
        .from(requestDecisions)
        .where(
          and(inArray(requestDecisions.requestId, requestIds), inArray(requestDecisions.requestId, own.requests())),
        );
    },

    async countPendingFor(memberId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(requests)
        .where(and(eq(requests.organizationId, organizationId), pendingFor(memberId)));
      return row?.n ?? 0;
    },

    /** A page of the request views `memberId` may see within `scope`, as JSON (request-page.repository.ts). */
    list(memberId: string, scope: WalletScope, q: RequestListQuery, view: RequestViewValues) {
      return requestPage(db, organizationId, memberId, scope, q, view);
    },

    /**
     * What a page of requests shows besides their rows, in one round trip instead of three: the decisions on them,
     * the names and emails of `personIds` and the names of `walletIds` (each bound to this organization).
     */
    async related(
      requestIds: string[],
      personIds: string[],
      walletIds: string[],
      sending: { requestIds: string[]; purposes: string[] } = { requestIds: [], purposes: [] },
    ) {
      const result = await shapedStatements.execute<RelatedRow>(db, 'requests related', relatedStatement, {
        org: organizationId,
        requestIds: `{${requestIds.join(',')}}`,
        personIds: `{${personIds.join(',')}}`,
        walletIds: `{${walletIds.join(',')}}`,
        sendingIds: `{${sending.requestIds.join(',')}}`,
        purposes: `{${sending.purposes.map((v) => JSON.stringify(v)).join(',')}}`,
      });
      const row = result[0]!;
      return {
        decisions: row.decisions.map((d): DecisionRow => ({ ...d, decidedAt: new Date(d.decidedAt) })),
        people: new Map(Object.entries(row.people)),
        walletNames: new Map(Object.entries(row.names)),
        /** The chain transactions of `sending`, newest attempt first. */
        attempts: row.attempts.map((a): AttemptFacts => ({ ...a, sentAt: a.sentAt ? new Date(a.sentAt) : null })),
      };
    },

    async people(ids: string[]) {
      const map = new Map<string, { email: string; userName: string }>();
      if (ids.length === 0) return map;
      const rows = await db
        .select({ id: accounts.id, email: accounts.email, userName: accounts.userName })
        .from(accounts)
        .where(and(eq(accounts.organizationId, organizationId), inArray(accounts.id, ids)));
      for (const r of rows) map.set(r.id, r);
      return map;
    },
  };
}

export type ApprovalsRepository = ReturnType<typeof approvalsRepository>;
