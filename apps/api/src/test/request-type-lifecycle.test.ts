import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { transaction } from '../db/client.js';
import { requests } from '../db/schema/index.js';
import { registerEngineHandler } from '../engine/engine.js';
import { requestExecution } from '../modules/approvals/request-execution.service.js';
import { registerRequestType } from '../modules/approvals/request-types.js';
import { createTestApp, type TestApp } from './app.js';
import type { TestBrowser } from './browser.js';
import { createMember, createOrganization, grant, signIn } from './fixtures.js';

/**
 * The approval engine never names a type: a throwaway type, registered here with its content schema, line and
 * queue, and an engine handler, goes from creation through the organization's line to completion by the real
 * engine (pg-boss, the in-process worker) on the test's database, and its handler runs exactly once.
 */
const KIND = 'TEST_STAMP';
const QUEUE = 'test-stamp';
const runs: string[] = [];
const hooks: string[] = [];
const unregister = [
  registerRequestType({
    kind: KIND,
    type: 'STAKING',
    content: z.object({ kind: z.literal(KIND), text: z.string().min(1) }),
    lineScope: 'WALLET_CREATION',
    creator: { permission: 'WALLETS_CREATION' },
    exemptOwnerAndManagers: false,
    cancelableIn: ['CREATED'],
    queue: QUEUE,
    onApproved: async (_tx, request) => void hooks.push(`approved:${request.id}`),
    onExecutionEnd: async (_tx, request, status) => void hooks.push(`${status}:${request.id}`),
    walletOf: () => null,
    familyOf: () => 'evm',
  }),
  registerEngineHandler(QUEUE, (deps) => async (job) => {
    const lifecycle = requestExecution(deps.db, deps.now);
    await lifecycle.begin(job.organizationId, job.requestId);
    await lifecycle.finish(job.organizationId, job.requestId, async (_tx, request) => {
      runs.push(request.id);
      return { result: { stamped: String(request.content.text).toUpperCase() } };
    });
  }),
];

let t: TestApp;
let owner: TestBrowser;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20', DEVNET_BLOCK_MS: '0' });
  const db = t.testDb.database.db;
  const org = await createOrganization(db, 'Registry Org');
  const member = await createMember(db, t.config, { organizationId: org.id });
  await grant(db, member.id, ['OWNER']);
  owner = await signIn(t, member);
});
afterAll(async () => {
  await t?.close();
  for (const off of unregister) off();
});

async function ownerAuth() {
  return t.app.services.sessions.authenticate(owner.cookies.get('vl_session'), { touch: false });
}

async function settled(id: string) {
  for (let i = 0; i < 80; i++) {
    const [row] = await t.testDb.database.db.select().from(requests).where(eq(requests.id, id));
    if (row && (row.status === 'COMPLETE' || row.status === 'FAILED')) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the engine did not finish the request');
}

describe('a request type registered at run time', () => {
  it('is created against its line, approved with a code, and executed once by the real engine', async () => {
    const auth = await ownerAuth();
    const created = await transaction(t.testDb.database.db, (tx) =>
      t.app.services.requests.open(tx, auth, KIND, { kind: KIND, text: 'hello' }),
    );
    expect(created).toMatchObject({ status: 'CREATED', itemType: KIND, payload: { kind: KIND, text: 'hello' } });

    // Its content is validated by its own schema: anything else is refused before anything is stored.
    await expect(
      transaction(t.testDb.database.db, (tx) => t.app.services.requests.open(tx, auth, KIND, { kind: KIND, text: '' })),
    ).rejects.toThrow();

    // The family door and the decision's code apply as to any type.
    await expect(
      t.app.services.requests.decide(
        auth,
        created.id,
        'APPROVED',
        { otpCode: await owner.otp() },
        {
          type: 'STAKING',
          family: 'sol',
        },
      ),
    ).rejects.toMatchObject({ code: '7' });
    const approved = await t.app.services.requests.decide(
      auth,
      created.id,
      'APPROVED',
      { otpCode: await owner.otp() },
      { type: 'STAKING', family: 'evm' },
    );
    expect(approved.read().decisionStatus).toBe('APPROVED');

    const done = await settled(created.id);
    expect(done).toMatchObject({ status: 'COMPLETE', progress: 'COMPLETE', result: { stamped: 'HELLO' } });
    expect(runs.filter((id) => id === created.id)).toHaveLength(1);
    // Its own steps ran once each: on approval, and when execution ended.
    expect(hooks.filter((h) => h.endsWith(created.id))).toEqual([`approved:${created.id}`, `COMPLETE:${created.id}`]);
  });

  it('a canceled request of the type never reaches its handler', async () => {
    const auth = await ownerAuth();
    const created = await transaction(t.testDb.database.db, (tx) =>
      t.app.services.requests.open(tx, auth, KIND, { kind: KIND, text: 'never' }),
    );
    const canceled = await t.app.services.requests.cancel(auth, created.id, { type: 'STAKING', family: 'evm' });
    expect(canceled.read().decisionStatus).toBe('CANCELED');
    await expect(
      t.app.services.requests.decide(
        auth,
        created.id,
        'APPROVED',
        { otpCode: await owner.otp() },
        {
          type: 'STAKING',
          family: 'evm',
        },
      ),
    ).rejects.toMatchObject({ code: '4108' });
    expect(runs).not.toContain(created.id);
    expect(hooks.filter((h) => h.endsWith(created.id))).toEqual([]);
  });
});
