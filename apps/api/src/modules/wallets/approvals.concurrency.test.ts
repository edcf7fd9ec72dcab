import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestDecisions, wallets } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { createMember, createOrganization, grant, otpNow, signIn } from '../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
});
afterAll(async () => {
  await t?.close();
});

describe('concurrent decisions', () => {
  it('50 simultaneous approvals count once each and the request is executed exactly once', async () => {
    const db = t.testDb.database.db;
    const orgId = (await createOrganization(db, 'Busy Org')).id;
    const owner = await createMember(db, t.config, { organizationId: orgId });
    await grant(db, owner.id, ['OWNER']);
    const approvers = await Promise.all(
      Array.from({ length: 50 }, () => createMember(db, t.config, { organizationId: orgId })),
    );
    const ownerBrowser = await signIn(t, owner);
    const group = await ownerBrowser.post('/api/v1/organization/groups/create', {
      name: 'Fifty',
      memberIds: approvers.map((a) => a.id),
    });
    const line = await ownerBrowser.request(
      'PATCH',
      '/api/v1/organizations/requests/wallet-creation/approval-line-templates/update',
      {
        steps: [{ requiredApprovals: 9, approvers: [{ kind: 'GROUP', groupId: group.json().id }] }],
      },
    );
    expect(line.statusCode, line.body).toBe(200);
    const browsers: TestBrowser[] = [];
    for (const a of approvers) browsers.push(await signIn(t, a));

    const base = `/api/v1/organizations/wallet-creation/evm/${orgId}/wallet-creation-request`;
    const created = await ownerBrowser.post(`${base}/create`, { blockchain: 'POLYGON', name: 'Contended' });
    const id = created.json().id as string;
    // Everyone's code of one time step, then all decisions at once.
    t.clock.advance(30_000);
    const codes = await Promise.all(browsers.map((b, i) => b.encrypt(otpNow(approvers[i]!, t.clock))));
    const approve = (i: number) => browsers[i]!.post(`${base}/${id}/approve`, { otpCode: codes[i] });
    const answers = await Promise.all(browsers.map((_, i) => approve(i)));
    // On PostgreSQL a decision finding the row held by another answers 4013 ("another manager is signing") at
    // once, its code unused: those approvers try again, as the message asks, until every one has its answer.
    for (let round = 0; round < 50; round++) {
      const busy = answers.flatMap((r, i) => (r.json().code === '4013' ? [i] : []));
      if (busy.length === 0) break;
      const again = await Promise.all(busy.map(approve));
      busy.forEach((i, k) => {
        answers[i] = again[k]!;
      });
    }
    const ok = answers.filter((r) => r.statusCode === 200).length;
    const late = answers.filter((r) => r.json().code === '4108').length;
    expect(ok).toBe(9);
    expect(late).toBe(41);

    const [decisions] = await db
      .select({ n: count() })
      .from(requestDecisions)
      .where(eq(requestDecisions.requestId, id));
    expect(decisions?.n).toBe(9);
    for (let i = 0; i < 60; i++) {
      const r = (await ownerBrowser.post(`/api/v1/organizations/requests/${id}`, {})).json();
      if (r.status === 'COMPLETE') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const [made] = await db.select({ n: count() }).from(wallets).where(eq(wallets.creationRequestId, id));
    expect(made?.n).toBe(1);
  }, 120_000);
});
