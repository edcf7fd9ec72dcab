import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_APPLICATION_NAME } from '../../db/change-feed.js';
import {
  accounts,
  groupMembers,
  groupPermissions,
  memberGroups,
  memberPermissions,
  sessions,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { createMember, grant, signIn } from '../../test/fixtures.js';

// Kept session lookups (session-cache.ts): every change of a session, account or permission must reach the next
// call, whichever connection or process wrote it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ME = '/api/v1/organization/members/me';
/** Needs ORG_MEMBER_INVITATION: 403 without it, 404 (no such member) with it. */
const byEmail = '/api/v1/organization/members/email/nobody-9%40example.com';
const db = () => t.testDb.database.db;
const onPostgres = () => t.testDb.database.kind === 'postgres';
const cached = () => t.app.services.sessions.keptSessions();

async function member(permissions: string[] = []) {
  const m = await createMember(db(), t.config);
  await grant(db(), m.id, permissions);
  const browser = await signIn(t, m);
  return { m, browser };
}
const permissionsOf = async (browser: TestBrowser) => (await browser.request('GET', ME)).json().permissions;

/** Another process's connection: a plain pg client on the same database, outside the app's pool. */
async function otherProcess<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const driver = t.testDb.database.driver;
  if (driver.kind !== 'postgres') throw new Error('PostgreSQL only');
  const client = new pg.Client({ connectionString: driver.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
/** Asks until the answer holds: another process's notification arrives asynchronously (milliseconds). */
async function eventually(check: () => Promise<boolean>, ms = 2000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('never held');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('kept session lookups', () => {
  it('keeps a session between calls and still sees a permission granted or taken at once', async () => {
    const { m, browser } = await member();
    expect((await browser.request('GET', byEmail)).statusCode).toBe(403);
    expect(cached()).toBeGreaterThan(0);
    await grant(db(), m.id, ['ORG_MEMBER_INVITATION']);
    expect((await browser.request('GET', byEmail)).statusCode).toBe(404);
    await db().delete(memberPermissions).where(eq(memberPermissions.accountId, m.id));
    expect((await browser.request('GET', byEmail)).statusCode).toBe(403);
  });

  it('records the activity of parallel calls once a second, written by one of them', async () => {
    const { m, browser } = await member();
    expect((await browser.request('GET', ME)).statusCode).toBe(200);
    // Every write of the session's last activity, counted by a trigger of this test's own.
    await db().execute(sql`create table touch_writes (account_id uuid not null)`);
    await db().execute(sql`create function touch_written() returns trigger language plpgsql as $$
      begin insert into touch_writes values (new.account_id); return null; end $$`);
    await db().execute(sql`create trigger touch_written after update of last_seen_at on sessions
      for each row execute function touch_written()`);
    try {
      const writes = async () => {
        const rows = await db().execute(sql`select count(*)::int as n from touch_writes where account_id = ${m.id}`);
        return (rows as unknown as { rows: [{ n: number }] }).rows[0].n;
      };
      let due = t.clock.now();
      for (let second = 1; second <= 2; second++) {
        t.clock.advance(1500);
        due = t.clock.now();
        const answers = await Promise.all(Array.from({ length: 8 }, () => browser.request('GET', ME)));
        expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
        expect(await writes()).toBe(second);
      }
      const [row] = await db().select().from(sessions).where(eq(sessions.accountId, m.id));
      expect(row!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(due.getTime());
    } finally {
      await db().execute(sql`drop trigger touch_written on sessions`);
      await db().execute(sql`drop function touch_written()`);
      await db().execute(sql`drop table touch_writes`);
    }
  });

  it("follows a group's members and permissions", async () => {
    const { m, browser } = await member();
    const [group] = await db()
      .insert(memberGroups)
      .values({ organizationId: m.organizationId, name: `g-${m.id.slice(0, 6)}` })
      .returning();
    await db().insert(groupMembers).values({ groupId: group!.id, accountId: m.id });
    expect(await permissionsOf(browser)).toEqual([]);
    await db().insert(groupPermissions).values({ groupId: group!.id, permission: 'WALLETS_VIEW' });
    expect(await permissionsOf(browser)).toEqual(['WALLETS_VIEW']);
    await db()
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, group!.id), eq(groupMembers.accountId, m.id)));
    expect(await permissionsOf(browser)).toEqual([]);
  });

  it('ends the session at once when the account is deleted or the session revoked', async () => {
    const { m, browser } = await member();
    expect((await browser.request('GET', ME)).statusCode).toBe(200);
    await db().update(accounts).set({ status: 'DELETED' }).where(eq(accounts.id, m.id));
    expect((await browser.request('GET', ME)).json().code).toBe('4001');

    const other = await member();
    expect((await other.browser.request('GET', ME)).statusCode).toBe(200);
    await db().execute(
      sql`update sessions set revoked_at = now(), revoked_reason = 'LOGOUT' where account_id = ${other.m.id}`,
    );
    expect((await other.browser.request('GET', ME)).json().code).toBe('4001');
  });

  it('sees changes committed by another process (PostgreSQL)', async () => {
    if (!onPostgres()) return;
    const { m, browser } = await member(['ORG_MEMBER_INVITATION']);
    expect((await browser.request('GET', byEmail)).statusCode).toBe(404);
    await otherProcess((c) => c.query('delete from member_permissions where account_id = $1', [m.id]));
    await eventually(async () => (await browser.request('GET', byEmail)).statusCode === 403);
    await otherProcess((c) =>
      c.query(`update sessions set revoked_at = now(), revoked_reason = 'LOGOUT' where account_id = $1`, [m.id]),
    );
    await eventually(async () => (await browser.request('GET', ME)).json().code === '4001');
  });

  it('keeps nothing while its listening connection is down, and starts over when it is back (PostgreSQL)', async () => {
    if (!onPostgres()) return;
    const { m, browser } = await member(['ORG_MEMBER_INVITATION']);
    expect((await browser.request('GET', byEmail)).statusCode).toBe(404);
    const feed = t.testDb.database.changes;
    expect(feed.live()).toBe(true);
    // Cut the feed's own connection as a network failure would (the pool's connections stay).
    await otherProcess((c) =>
      c.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = $1`,
        [FEED_APPLICATION_NAME],
      ),
    );
    await eventually(async () => !feed.live());
    expect((await browser.request('GET', byEmail)).statusCode).toBe(404);
    expect(cached()).toBe(0);
    // A change made while nobody listened still reaches the next call.
    await otherProcess((c) => c.query('delete from member_permissions where account_id = $1', [m.id]));
    expect((await browser.request('GET', byEmail)).statusCode).toBe(403);
    await eventually(async () => feed.live(), 5000);
    expect((await browser.request('GET', byEmail)).statusCode).toBe(403);
    expect(cached()).toBeGreaterThan(0);
  });
});
