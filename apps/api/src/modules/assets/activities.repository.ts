import { and, asc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { frozen } from '../../db/frozen-sql.js';
import { isoTime, type JsonPage, type JsonPageList, jsonPage } from '../../db/json-page.js';
import { listTotalSql } from '../../db/list-counts.js';
import { activityExports, assetActivities, wallets } from '../../db/schema/index.js';
import { anyOf, slot } from '../../db/shaped-statements.js';
import { tokenText } from '../../db/token-catalogue.js';
import { walletScopeCondition } from '../access/visibility.repository.js';
import type { WalletScope } from '../access/wallet.policy.js';
import { seoulRange } from './seoul-time.js';

export type ActivityFilterValues = {
  walletId?: string[] | undefined;
  blockchain?: string[] | undefined;
  tokenId?: string[] | undefined;
  activityType?: string[] | undefined;
  status?: string[] | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
};

/** Only the columns a list row shows, the wallet's name joined by primary key. */
export const activityListColumns = {
  id: assetActivities.id,
  walletId: assetActivities.walletId,
  walletName: wallets.name,
  blockchain: assetActivities.blockchain,
  tokenId: assetActivities.tokenId,
  activityType: assetActivities.activityType,
  transferType: assetActivities.transferType,
  status: assetActivities.status,
  amount: assetActivities.amount,
  txHash: assetActivities.txHash,
  fromAddress: assetActivities.fromAddress,
  toAddress: assetActivities.toAddress,
  confirmations: assetActivities.confirmations,
  requiredConfirmations: assetActivities.requiredConfirmations,
  blockHeight: assetActivities.blockHeight,
  createdAt: assetActivities.createdAt,
  confirmedAt: assetActivities.confirmedAt,
};

/** The filters of a list by value; in the list's shaped statements each is a placeholder of its name. */
const FILTERED = ['walletId', 'blockchain', 'tokenId', 'activityType', 'status'] as const;
type FilterName = (typeof FILTERED)[number];
const FILTER_COLUMNS = {
  walletId: assetActivities.walletId,
  blockchain: assetActivities.blockchain,
  tokenId: assetActivities.tokenId,
  activityType: assetActivities.activityType,
  status: assetActivities.status,
};

/** What narrows the activities: values, or placeholders of a shaped statement (`activityList` below). */
interface ActivityConditions {
  filters?: Partial<Record<FilterName, readonly string[] | Placeholder>>;
  /** Instants in UTC (ISO 8601), from and before. */
  from?: string | Placeholder | undefined;
  until?: string | Placeholder | undefined;
}

/** The filters' values: the ones given, the calendar days as instants of Asia/Seoul. */
function conditionValues(f: ActivityFilterValues): ActivityConditions {
  const range = seoulRange(f.dateFrom, f.dateTo);
  const filters: ActivityConditions['filters'] = {};
  for (const name of FILTERED) if (f[name]?.length) filters[name] = f[name];
  return { filters, from: range.from?.toISOString(), until: range.until?.toISOString() };
}

function conditions(
  db: Db,
  organizationId: string | Placeholder,
  onlyFor: WalletScope | Placeholder,
  c: ActivityConditions,
) {
  const filters = Object.entries(c.filters ?? {}) as [FilterName, readonly string[] | Placeholder][];
  return and(
    eq(assetActivities.organizationId, organizationId),
    walletScopeCondition(db, assetActivities.walletId, onlyFor),
    ...filters.map(([name, values]) => anyOf(FILTER_COLUMNS[name], values)),
    c.from === undefined ? undefined : sql`${assetActivities.createdAt} >= ${c.from}::timestamptz`,
    c.until === undefined ? undefined : sql`${assetActivities.createdAt} < ${c.until}::timestamptz`,
  );
}

/** A text column as a JSON string: PostgreSQL escapes quotes, backslashes and control characters. */
const str = (column: AnyPgColumn | SQL) => sql`to_json(${column})::text`;
/** Text PostgreSQL writes with nothing to escape (ids, the schema's enums, digits, ISO times) as a JSON string. */
const plain = (column: AnyPgColumn | SQL) => sql`'"' || ${column}::text || '"'`;
const a = assetActivities;

/**
 * An activity of a list page as the API answers it (contracts' AssetActivity, activity-view.ts), its wallet joined,
 * written as JSON text by concatenation: json_build_object spent about a third of the first page's statement
 * working out each of its 38 arguments' types again on every row (issue 17, pgbench on the bench database).
 * Values that could hold a quote (the wallet's name, hashes and addresses read off a chain) go through to_json.
 */
const ACTIVITY_TEXT = frozen(sql`'{"id":' || ${plain(a.id)} || ',"walletId":' || ${plain(a.walletId)}
  || ',"walletName":' || ${str(wallets.name)} || ',"blockchain":' || ${str(a.blockchain)}
  || ',"token":' || ${tokenText(a.tokenId, a.blockchain)}
  || ',"activityType":' || ${plain(a.activityType)} || ',"transferType":' || ${plain(a.transferType)}
  || ',"status":' || ${plain(a.status)} || ',"amount":' || ${plain(a.amount)} || ',"txHash":' || ${str(a.txHash)}
  || ',"fromAddress":' || ${str(a.fromAddress)} || ',"toAddress":' || ${str(a.toAddress)}
  || ',"counterparty":' || ${str(sql`case when ${a.activityType} = 'DEPOSIT' then ${a.fromAddress} else ${a.toAddress} end`)}
  || ',"confirmations":' || ${a.confirmations}::text || ',"requiredConfirmations":' || ${a.requiredConfirmations}::text
  || ',"blockHeight":' || coalesce(${a.blockHeight}::text, 'null') || ',"createdAt":' || ${plain(isoTime(a.createdAt))}
  || ',"confirmedAt":' || coalesce(${plain(isoTime(a.confirmedAt))}, 'null') || '}'`);
const WALLET_NAME_JOIN = frozen(sql`join ${wallets} on ${wallets.id} = ${assetActivities.walletId}`);

/**
 * The activity list of one shape, from placeholders (json-page.ts builds it once per shape): which filters, whether
 * the caller sees some wallets only, which date bounds, which direction.
 */
function activityList(
  db: Db,
  shape: { scoped: boolean; filters: readonly FilterName[]; from: boolean; until: boolean },
  direction: 'ASC' | 'DESC',
): JsonPageList {
  const org = slot('org');
  const scope = shape.scoped ? slot('scope') : null;
  const visible = conditions(db, org, scope, {});
  const where = conditions(db, org, scope, {
    filters: Object.fromEntries(shape.filters.map((name) => [name, slot(name)])),
    from: shape.from ? slot('from') : undefined,
    until: shape.until ? slot('until') : undefined,
  });
  const filtered = shape.filters.length > 0 || shape.from || shape.until;
  // Unfiltered and every wallet visible: the count kept by triggers (0007), not count(*) over a million rows.
  const whole = !shape.scoped && !filtered ? { organizationId: org, list: 'asset_activities' as const } : null;
  return {
    id: assetActivities.id,
    visible,
    where,
    keys: [
      { key: assetActivities.createdAt, direction },
      { key: assetActivities.id, direction },
    ],
    total: listTotalSql(assetActivities, where, whole),
    item: ACTIVITY_TEXT,
    itemIsText: true,
    join: WALLET_NAME_JOIN,
  };
}

/** An activity's place in the list: created_at as PostgreSQL's text (microseconds kept) and its id. */
export type CursorPosition = { createdAt: string; id: string };

/**
 * Asset activities (written by the watcher) and their CSV exports of one organization, bound at construction:
 * every row by its organization_id.
 */
export function activitiesRepository(db: Db, organizationId: string) {
  const ownExport = (id: string) => and(eq(activityExports.organizationId, organizationId), eq(activityExports.id, id));

  return {
    /**
     * A page in (created_at, id) order, the order of the organization index, as JSON in one statement (json-page.ts):
     * by number, or by cursor (`after`, an activity the caller may see) at any depth for the cost of the first page.
     */
    async list(
      onlyFor: WalletScope,
      f: ActivityFilterValues,
      page: { page: number; size: number; direction: 'ASC' | 'DESC'; after?: string | undefined },
    ): Promise<JsonPage> {
      const c = conditionValues(f);
      const filters = Object.keys(c.filters ?? {}) as FilterName[];
      const shape = { scoped: onlyFor !== null, filters, from: c.from !== undefined, until: c.until !== undefined };
      const values = { org: organizationId, scope: onlyFor, ...c.filters, from: c.from, until: c.until };
      return jsonPage(db, page, {
        key: `activities|${shape.scoped}|${filters}|${shape.from}|${shape.until}|${page.direction}`,
        build: () => activityList(db, shape, page.direction),
        values,
      });
    },

    async find(onlyFor: WalletScope, id: string) {
      const [row] = await db
        .select(activityListColumns)
        .from(assetActivities)
        .innerJoin(wallets, eq(wallets.id, assetActivities.walletId))
        .where(and(conditions(db, organizationId, onlyFor, {}), eq(assetActivities.id, id)));
      return row;
    },

    /**
     * The CSV export's next batch: at most `size` matching activities after `after` (null: from the first), oldest
     * first. Keyset, never OFFSET, so the last batch of a million rows costs what the first does; each row carries
     * its exact position (created_at as text, microseconds kept) for the next batch's `after`.
     */
    async exportBatch(onlyFor: WalletScope, f: ActivityFilterValues, after: CursorPosition | null, size: number) {
      const pair = sql`(${assetActivities.createdAt}, ${assetActivities.id})`;
      const beyond = after ? sql`${pair} > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined;
      return db
        .select({ ...activityListColumns, position: sql<string>`${assetActivities.createdAt}::text` })
        .from(assetActivities)
        .innerJoin(wallets, eq(wallets.id, assetActivities.walletId))
        .where(and(conditions(db, organizationId, onlyFor, conditionValues(f)), beyond))
        .orderBy(asc(assetActivities.createdAt), asc(assetActivities.id))
        .limit(size);
    },

    async insertExport(values: Omit<typeof activityExports.$inferInsert, 'organizationId'>) {
      const [row] = await db
        .insert(activityExports)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    async runningExport(accountId: string) {
      const [row] = await db
        .select({ id: activityExports.id })
        .from(activityExports)
        .where(
          and(
            eq(activityExports.organizationId, organizationId),
            eq(activityExports.requestedBy, accountId),
            eq(activityExports.status, 'RUNNING'),
          ),
        );
      return row;
    },

    /** The requester's own export; `lock` for the engine job that fills it. */
    async findExport(id: string, opts: { requestedBy?: string; lock?: boolean } = {}) {
      const where = and(
        ownExport(id),
        opts.requestedBy ? eq(activityExports.requestedBy, opts.requestedBy) : undefined,
      );
      const query = db.select().from(activityExports).where(where);
      const [row] = await (opts.lock ? query.for('update') : query);
      return row;
    },

    /** Only a running export finishes: a late failure of a retried job never turns a READY one FAILED. */
    async finishExport(id: string, values: ExportOutcome) {
      await db
        .update(activityExports)
        .set(values)
        .where(and(ownExport(id), eq(activityExports.status, 'RUNNING')));
    },
  };
}

/** How an export ended: READY with its file, or FAILED. */
export type ExportOutcome =
  | { status: 'READY'; rowCount: number; filePath: string; fileSize: number; fileSha256: string; finishedAt: Date }
  | { status: 'FAILED'; finishedAt: Date };

export type ActivityRow = NonNullable<Awaited<ReturnType<ReturnType<typeof activitiesRepository>['find']>>>;
