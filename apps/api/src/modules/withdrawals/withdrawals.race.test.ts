import { isErrorCode } from '@vaultline/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvalTemplates,
  chainTransactions,
  engineHandoffs,
  requestDecisions,
  requests,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { setBalance } from '../../test/asset-fixtures.js';
import type { TestBrowser } from '../../test/browser.js';
import { createMember, signIn } from '../../test/fixtures.js';
import { ETH, WD, type WithdrawalScene, withdrawalScene } from './withdrawal-scene.js';

/**
 * Decisions racing on one withdrawal. PostgreSQL only: two transactions overlap only on a server; embedded PGlite
 * has one connection, so its decisions run one after the other and a held row (4013) cannot happen there.
 */
describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('withdrawal decision races', () => {
  let t: TestApp;
  let s: WithdrawalScene;
  /** The second approver of the last step (the scene's approver is the first). */
  let second: TestBrowser;
  const EN = { headers: { 'accept-language': 'en' } };

  beforeAll(async () => {
    // The in-process engine works the jobs (on the devnet, no blocks): what the races must hand over only once.
    t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '50', DEVNET_BLOCK_MS: '0', CHAIN_SWEEP_MS: '0' });
    s = await withdrawalScene(t, 'Withdraw Race');
    const member = await createMember(t.testDb.database.db, t.config, { organizationId: s.orgId });
    // The scene's line, with a second eligible approver at its last step: one approval of either one is needed.
    const [saved] = await t.testDb.database.db
      .select()
      .from(approvalTemplates)
      .where(eq(approvalTemplates.walletId, s.alpha.id));
    const template = saved!.template as { creation: unknown[]; steps: { approvers: unknown[] }[] };
    template.steps[0]!.approvers.push({ kind: 'MEMBER', memberId: member.id });
    const line = await s.owner.post(`/api/v1/organizations/requests/${s.alpha.id}/approval-line-templates`, template);
    expect(line.statusCode, line.body).toBe(200);
    second = await signIn(t, member);
    await setBalance(t.testDb.database.db, s.orgId, s.alpha, 'ETHEREUM.ETH', { total: ETH(100n).toString() });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function open(): Promise<string> {
    const made = await s.requester.post(`${WD('evm')}/create`, {
      walletId: s.alpha.id,
      tokenId: 'ETHEREUM.ETH',
      addressBookId: s.entryId,
      amount: '0.01',
    });
    expect(made.statusCode, made.body).toBe(200);
    return made.json().id as string;
  }

  const db = () => t.testDb.database.db;
  const rowsOf = async (table: typeof requestDecisions | typeof chainTransactions, id: string) =>
    (await db().select({ n: count() }).from(table).where(eq(table.requestId, id)))[0]!.n;
  /** pg-boss's jobs of the request (PostgreSQL's driver answers `execute` with `rows`). */
  const jobsOf = async (id: string) => {
    const found = (await db().execute(
      sql`select count(*)::int as n from pgboss.job where name = 'withdrawal' and data->>'requestId' = ${id}`,
    )) as unknown as { rows: { n: number }[] };
    return found.rows[0]!.n;
  };

  it('two approvers approving the last step at once: one decision, one engine job, one transfer row', async () => {
    // Several rounds: whether the loser meets the held row (4013) or the approved request (a policy code) depends on
    // timing; either is a catalogue answer, never a 500, and never a second hand-over.
    for (let round = 0; round < 5; round++) {
      const id = await open();
      const codes = [await s.approver.otp(), await second.otp()];
      const answers = await Promise.all([
        s.approver.request('POST', `${WD('evm')}/approve`, { requestId: id, otpCode: codes[0] }, EN),
        second.request('POST', `${WD('evm')}/approve`, { requestId: id, otpCode: codes[1] }, EN),
      ]);
      const won = answers.filter((r) => r.statusCode === 200);
      const lost = answers.filter((r) => r.statusCode !== 200);
      expect(won, answers.map((r) => r.body).join('\n')).toHaveLength(1);
      expect(won[0]!.json()).toMatchObject({ decisionStatus: 'APPROVED' });
      expect(lost).toHaveLength(1);
      expect(lost[0]!.statusCode, lost[0]!.body).toBeGreaterThanOrEqual(400);
      expect(lost[0]!.statusCode).toBeLessThan(500);
      expect(isErrorCode(lost[0]!.json().code), lost[0]!.body).toBe(true);
      expect(lost[0]!.json().message).toEqual(expect.any(String));

      expect(await rowsOf(requestDecisions, id)).toBe(1);
      const [handoffs] = await db()
        .select({ n: count() })
        .from(engineHandoffs)
        .where(eq(engineHandoffs.key, `withdrawal:${id}`));
      expect(handoffs!.n).toBe(1);
      expect(await jobsOf(id)).toBe(1);
      // The engine takes the job up: exactly one transfer row is built for the request, and no second one later.
      for (let i = 0; i < 80 && (await rowsOf(chainTransactions, id)) === 0; i++) await sleep(100);
      await sleep(300);
      expect(await rowsOf(chainTransactions, id)).toBe(1);
    }
  }, 60_000);

  it('answers 4013 at once while another member holds the request, and decides normally once it is free', async () => {
    const id = await open();
    // Each code moves the shared test clock a step: the second approver's first, so the approver's code is the
    // newest and still within the one step of drift the check allows if real time crosses a step meanwhile.
    const secondCode = await second.otp();
    const code = await s.approver.otp();
    await db().transaction(async (tx) => {
      // Another decider's transaction, holding the row as a decision does until it commits.
      await tx.select({ id: requests.id }).from(requests).where(eq(requests.id, id)).for('update');
      const started = Date.now();
      const approve = await s.approver.request('POST', `${WD('evm')}/approve`, { requestId: id, otpCode: code }, EN);
      expect(approve.statusCode, approve.body).toBe(409);
      expect(approve.json()).toMatchObject({
        code: '4013',
        message: 'Another manager is currently signing. Please try again later.',
      });
      const reject = await second.post(`${WD('evm')}/reject`, { requestId: id, otpCode: secondCode });
      expect(reject.json()).toMatchObject({ code: '4013' });
      const cancel = await s.requester.post(`${WD('evm')}/cancel`, { requestId: id });
      expect(cancel.json()).toMatchObject({ code: '4013' });
      // At once: not after the holder's commit (which comes only after these answers) nor a lock timeout.
      expect(Date.now() - started).toBeLessThan(5_000);
    });
    expect(await rowsOf(requestDecisions, id)).toBe(0);
    // The refused code was not consumed (the lock comes before the code): it still approves.
    const approved = await s.approver.post(`${WD('evm')}/approve`, { requestId: id, otpCode: code });
    expect(approved.json(), approved.body).toMatchObject({ decisionStatus: 'APPROVED' });
    expect(await rowsOf(requestDecisions, id)).toBe(1);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
