import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestDecisions, requests } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { createMember, createOrganization, grant, signIn } from '../../test/fixtures.js';
import { createWallet } from '../../test/wallet-fixtures.js';

/**
 * The guards around wallet-creation requests: one open request per wallet name whatever the race (the database
 * decides), decisions only through the door of the request's own chain family, and every decision carrying the
 * decider's fresh authenticator code.
 */
let t: TestApp;
let orgId: string;
let owner: TestBrowser;
const WC = (family: string) => `/api/v1/organizations/wallet-creation/${family}/${orgId}/wallet-creation-request`;
const db = () => t.testDb.database.db;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20', DEVNET_BLOCK_MS: '0' });
  orgId = (await createOrganization(db(), 'Guarded Org')).id;
  const o = await createMember(db(), t.config, { organizationId: orgId });
  await grant(db(), o.id, ['OWNER']);
  owner = await signIn(t, o);
});
afterAll(async () => {
  await t?.close();
});

async function openRequests(name: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(requests)
    .where(and(eq(requests.organizationId, orgId), eq(requests.exclusiveKey, `wallet-name:${name.toLowerCase()}`)));
  return row?.n ?? 0;
}

describe('wallet names are unique per organization, enforced by the database', () => {
  it('ten parallel requests for one name (any case, any spacing): one is created, nine get 4006', async () => {
    const names = ['Treasury', 'treasury', 'TREASURY', ' Treasury ', 'TreaSury'];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        owner.post(`${WC('evm')}/create`, { blockchain: 'SEPOLIA', name: names[i % names.length] }),
      ),
    );
    const created = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.json().code).toBe('4006');
    expect(await openRequests('treasury')).toBe(1);

    // Cancelling releases the name; a new request may take it.
    const id = created[0]!.json().id as string;
    expect((await owner.post(`${WC('evm')}/${id}/cancel`, {})).json().decisionStatus).toBe('CANCELED');
    const again = await owner.post(`${WC('evm')}/create`, { blockchain: 'SEPOLIA', name: 'treasury' });
    expect(again.statusCode, again.body).toBe(200);
    await owner.post(`${WC('evm')}/${again.json().id}/cancel`, {});
  });

  it("a wallet's name stays taken after its request completed, also under parallel requests", async () => {
    await createWallet(owner, orgId, 'SEPOLIA', 'Operations');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => owner.post(`${WC('evm')}/create`, { blockchain: 'BASE', name: 'operations' })),
    );
    for (const r of answers) expect(r.json().code).toBe('4006');
  });
});

describe('decisions go through the door of the request own family', () => {
  it('approving, rejecting or cancelling an evm request through the btc path is refused (7); nothing changes', async () => {
    const created = await owner.post(`${WC('evm')}/create`, { blockchain: 'SEPOLIA', name: 'Family check' });
    const id = created.json().id as string;
    for (const family of ['btc', 'sol', 'eosio']) {
      const approve = await owner.post(`${WC(family)}/${id}/approve`, { otpCode: await owner.otp() });
      expect(approve.statusCode).toBe(400);
      expect(approve.json()).toMatchObject({ code: '7', data: { reason: 'family-mismatch' } });
      expect((await owner.post(`${WC(family)}/${id}/reject`, { otpCode: await owner.otp() })).json().code).toBe('7');
      expect((await owner.post(`${WC(family)}/${id}/cancel`, {})).json().code).toBe('7');
    }
    const [decisions] = await db()
      .select({ n: count() })
      .from(requestDecisions)
      .where(eq(requestDecisions.requestId, id));
    expect(decisions?.n).toBe(0);
    const detail = await owner.post(`/api/v1/organizations/requests/${id}`, {});
    expect(detail.json().status).toBe('CREATED');
    await owner.post(`${WC('evm')}/${id}/cancel`, {});
  });
});

describe('a decision asks for the decider own fresh code', () => {
  it('without a code it is invalid input, with a wrong or replayed one 4004/4034, and nothing is decided', async () => {
    const created = await owner.post(`${WC('sol')}/create`, { blockchain: 'SOLANA_DEVNET', name: 'Coded' });
    const id = created.json().id as string;
    const missing = await owner.post(`${WC('sol')}/${id}/approve`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.issues[0].path).toBe('body.otpCode');
    const wrong = await owner.post(`${WC('sol')}/${id}/approve`, { otpCode: await owner.encrypt('000000') });
    expect(wrong.json().code).toBe('4004');
    const reject = await owner.post(`${WC('sol')}/${id}/reject`, { otpCode: await owner.encrypt('12345') });
    expect(reject.json().code).toBe('4004');
    const [decisions] = await db()
      .select({ n: count() })
      .from(requestDecisions)
      .where(eq(requestDecisions.requestId, id));
    expect(decisions?.n).toBe(0);

    const code = await owner.otp();
    const approved = await owner.post(`${WC('sol')}/${id}/approve`, { otpCode: code });
    expect(approved.json().decisionStatus).toBe('APPROVED');
    // The same code never decides twice, even another request.
    const other = await owner.post(`${WC('sol')}/create`, { blockchain: 'SOLANA_DEVNET', name: 'Coded two' });
    const replay = await owner.post(`${WC('sol')}/${other.json().id}/approve`, { otpCode: code });
    expect(replay.json().code).toBe('4034');
  });
});
