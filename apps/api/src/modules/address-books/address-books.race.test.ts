import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBookEntries, travelRuleInquiries } from '../../db/schema/index.js';
import {
  BOOK,
  type BookScene,
  bookScene,
  CORPORATION,
  draft,
  evmAddress,
  insertVasp,
  one,
} from '../../test/address-book-fixtures.js';
import { applyAnswer } from './travel-rule.service.js';

/**
 * Races on the address book (double create, double delete) and the exchange entries' verification states. The
 * engine is off: inquiries stay PENDING until a test answers them as the travel rule would (its own suite speaks the
 * protocol to a counterparty).
 */
let s: BookScene;
let vaspId: string;
beforeAll(async () => {
  s = await bookScene({ ENGINE: 'off' });
  vaspId = await insertVasp(s.t, 'Race Exchange');
});
afterAll(async () => {
  await s?.t.close();
});

const db = () => s.t.testDb.database.db;
const exchange = (over: Record<string, unknown> = {}) =>
  draft({
    walletType: 'VASP',
    vaspId,
    address: evmAddress(),
    receiverType: 'CORPORATION',
    receiver: CORPORATION,
    ...over,
  });

/** Answers the entry's pending inquiry as the travel rule does: the inquiry and the entry in one transaction. */
async function answer(entryId: string, verdict: { approved: boolean; code?: string; expiresAt?: Date }) {
  const now = new Date();
  await db().transaction(async (tx) => {
    await tx
      .update(travelRuleInquiries)
      .set({
        status: verdict.approved ? 'APPROVED' : 'REJECTED',
        code: verdict.code ?? null,
        answeredAt: now,
        expiresAt: verdict.expiresAt ?? null,
        nextAttemptAt: null,
      })
      .where(and(eq(travelRuleInquiries.addressBookId, entryId), eq(travelRuleInquiries.status, 'PENDING')));
    await applyAnswer(tx as never, entryId, verdict.approved ? 'REGISTERED' : 'FAILED', now);
  });
}

describe('concurrent changes', () => {
  it('two creates of the same pair at once: one entry, the other the duplicate issue (never a 500)', async () => {
    const address = evmAddress();
    const results = await Promise.all([
      s.creator.post(BOOK, draft({ name: 'Race one', address })),
      s.owner.post(BOOK, draft({ name: 'Race two', address: address.toUpperCase().replace('0X', '0x') })),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 400]);
    const refused = results.find((r) => r.statusCode === 400)!.json();
    expect(refused.code).toBe('4000');
    expect(refused.data.issues.map((i: { path: string; key: string }) => `${i.path} ${i.key}`)).toEqual([
      'body.address validation.addressBook.duplicate',
    ]);
  });

  it('two creates of the same name at once: one entry, the other the name issue', async () => {
    const results = await Promise.all([
      s.creator.post(BOOK, draft({ name: 'Same name', address: evmAddress() })),
      s.owner.post(BOOK, draft({ name: 'SAME NAME', address: evmAddress() })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().data.issues[0].key).toBe(
      'validation.addressBook.nameTaken',
    );
  });

  it('two deletions at once: one deletes, the other finds it held (4020) or already deleted (4022)', async () => {
    for (let round = 0; round < 3; round++) {
      const entry = (await s.creator.post(BOOK, draft({ address: evmAddress() }))).json();
      const results = await Promise.all([
        s.deleter.request('DELETE', one(entry.id), { otpCode: await s.deleter.otp() }),
        s.deleter2.request('DELETE', one(entry.id), { otpCode: await s.deleter2.otp() }),
      ]);
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok, results.map((r) => r.body).join('\n')).toHaveLength(1);
      const other = results.find((r) => r.statusCode !== 200)!.json().code;
      expect(['4020', '4022']).toContain(other);
    }
  });

  // The unique index decides when both creates pass the checks: provoked with a second connection (PostgreSQL).
  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'a create racing an uncommitted entry of its pair waits, then answers the rule: 4000, or 4014 while verifying',
    async () => {
      for (const [state, expected] of [
        ['REGISTERED', '4000'],
        ['VERIFYING', '4014'],
      ] as const) {
        const address = evmAddress();
        let release!: () => void;
        let inserted!: () => void;
        const held = new Promise<void>((r) => {
          release = r;
        });
        const ready = new Promise<void>((r) => {
          inserted = r;
        });
        const other = db().transaction(async (tx) => {
          await tx.insert(addressBookEntries).values({
            organizationId: s.organizationId,
            name: `Held ${state}`,
            blockchain: 'ETHEREUM',
            tokenId: 'ETHEREUM.ETH',
            address,
            addressKey: address.toLowerCase(),
            walletType: 'VASP',
            vaspId,
            receiverType: 'INDIVIDUAL',
            receiverEnc: 'sealed',
            receiverMasked: {},
            state,
          });
          inserted();
          await held;
        });
        await ready;
        const racing = s.creator.post(BOOK, draft({ address }));
        await new Promise((r) => setTimeout(r, 300));
        release();
        await other;
        const res = await racing;
        expect(res.json().code, res.body).toBe(expected);
      }
    },
  );

  // A held row is only observable with a second connection: PGlite has one, so this runs on PostgreSQL.
  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'a deletion or verification while another change holds the row answers at once: 4020 / 4021',
    async () => {
      const entry = (await s.creator.post(BOOK, exchange())).json();
      await answer(entry.id, { approved: false, code: '5102' });
      const otpCode = await s.deleter.otp();
      await db().transaction(async (tx) => {
        await tx.select().from(addressBookEntries).where(eq(addressBookEntries.id, entry.id)).for('update');
        const del = await s.deleter.request('DELETE', one(entry.id), { otpCode });
        expect(del.statusCode, del.body).toBe(409);
        expect(del.json().code).toBe('4020');
        expect((await s.updater.post(`${one(entry.id)}/verify`, {})).json().code).toBe('4021');
      });
      expect((await s.owner.request('GET', one(entry.id))).json().state).toBe('FAILED');
    },
  );
});

describe('exchange entries', () => {
  it('start VERIFYING with a pending inquiry opened in the same transaction; the same pair again is 4014', async () => {
    const created = await s.creator.post(BOOK, exchange({ name: 'Upbit account' }));
    expect(created.statusCode, created.body).toBe(200);
    const entry = created.json();
    expect(entry).toMatchObject({
      state: 'VERIFYING',
      walletType: 'VASP',
      vasp: { id: vaspId, name: 'Race Exchange' },
      verification: { status: 'PENDING', code: null, answeredAt: null },
    });
    const rows = await db().select().from(travelRuleInquiries).where(eq(travelRuleInquiries.addressBookId, entry.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      direction: 'OUTGOING',
      status: 'PENDING',
      vaspId,
      requestedBy: expect.any(String),
    });
    // The inquiry's payload holds the receiver's data sealed, like the entry.
    expect(JSON.stringify(rows[0]!.requestPayload)).not.toContain('Hanbit');

    const again = await s.creator.post(BOOK, exchange({ address: entry.address }));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('4014');
    const asPersonal = await s.creator.post(BOOK, draft({ address: entry.address.toLowerCase() }));
    expect(asPersonal.json().code).toBe('4014');
  });

  it('verifies again only a failed or lapsed entry: 4021 while pending, back to VERIFYING with a new inquiry', async () => {
    const entry = (await s.creator.post(BOOK, exchange())).json();
    const verify = () => s.updater.post(`${one(entry.id)}/verify`, {});
    const pending = await verify();
    expect(pending.statusCode).toBe(409);
    expect(pending.json().code).toBe('4021');

    await answer(entry.id, { approved: false, code: '5103' });
    const failed = (await s.owner.request('GET', one(entry.id))).json();
    expect(failed).toMatchObject({ state: 'FAILED', verification: { status: 'REJECTED', code: '5103' } });

    const again = await verify();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ state: 'VERIFYING', verification: { status: 'PENDING', code: null } });
    const detail = (await s.owner.request('GET', one(entry.id))).json();
    expect(detail.verifications.map((v: { status: string }) => v.status)).toEqual(['PENDING', 'REJECTED']);
    expect(detail.receiver).toMatchObject({ nameEn: 'Hanbit Trading', masked: false });

    // Approved and still valid: nothing to verify.
    await answer(entry.id, { approved: true, expiresAt: new Date(Date.now() + 86_400_000) });
    const valid = await verify();
    expect(valid.json()).toMatchObject({ code: '4000', data: { reason: 'verification-still-valid' } });
    // Lapsed: verified again.
    await db()
      .update(travelRuleInquiries)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(travelRuleInquiries.addressBookId, entry.id), eq(travelRuleInquiries.status, 'APPROVED')));
    const lapsed = await verify();
    expect(lapsed.statusCode, lapsed.body).toBe(200);
    expect(lapsed.json().state).toBe('VERIFYING');
  });

  it('refuses to verify a self-managed entry (4000) and a deleted one (4022); a deleted entry is not revived', async () => {
    const personal = (await s.creator.post(BOOK, draft({ address: evmAddress() }))).json();
    const notExchange = await s.updater.post(`${one(personal.id)}/verify`, {});
    expect(notExchange.json()).toMatchObject({ code: '4000', data: { reason: 'not-an-exchange-entry' } });

    const entry = (await s.creator.post(BOOK, exchange())).json();
    expect((await s.deleter.request('DELETE', one(entry.id), { otpCode: await s.deleter.otp() })).statusCode).toBe(200);
    await answer(entry.id, { approved: true });
    expect((await s.owner.request('GET', one(entry.id))).json().state).toBe('DELETED');
    expect((await s.updater.post(`${one(entry.id)}/verify`, {})).json().code).toBe('4022');
    // Deleting it freed the pair for a new entry.
    expect((await s.creator.post(BOOK, exchange({ address: entry.address }))).statusCode).toBe(200);
  });
});
