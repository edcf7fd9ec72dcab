import { isErrorCode } from '@vaultline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stakingPositions, stakingUnbondings } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { setBalance } from '../../test/asset-fixtures.js';
import { HANBIT, IP, NATIVE, nativeBalance, STORY, type StakingScene, stakingScene } from './staking-scene.js';

/**
 * Staking requests racing on one wallet's native balance and on one position. PostgreSQL only: two transactions
 * overlap only on a server; embedded PGlite has one connection, so its requests run one after the other.
 */
describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('staking request races', () => {
  let t: TestApp;
  let s: StakingScene;
  const EN = { headers: { 'accept-language': 'en' } };
  const GAS = 10n ** 16n;
  const DAY = 86_400_000;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '50', DEVNET_BLOCK_MS: '0', CHAIN_SWEEP_MS: '0' });
    s = await stakingScene(t, 'Stake Race');
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.testDb.database.db;
  const fund = (total: bigint, staked = 0n) =>
    setBalance(db(), s.orgId, s.wallet, NATIVE, { total: total.toString(), staked: staked.toString() });
  const stake = (amount: string) =>
    s.requester.request(
      'POST',
      `${STORY}/stake-request`,
      { walletId: s.wallet.id, validatorId: HANBIT, period: 'FLEXIBLE', tokenType: 'UNLOCKED', amount },
      EN,
    );
  const cancel = (requestId: string, door = 'stake-request') =>
    s.requester.request('POST', `${STORY}/${door}/cancel`, { requestId }, EN);

  /** Every answer is a 200 or a catalogue error below 500. */
  function expectCatalogue(answers: { statusCode: number; body: string; json(): { code: string } }[]) {
    for (const r of answers) {
      if (r.statusCode === 200) continue;
      expect(r.statusCode, r.body).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, r.body).toBeLessThan(500);
      expect(isErrorCode(r.json().code), r.body).toBe(true);
    }
  }

  async function spentRequestId(): Promise<string> {
    const made = await stake('1024');
    expect(made.statusCode, made.body).toBe(200);
    await cancel(made.json().id);
    return made.json().id;
  }

  it('two stakes at once whose sum the balance does not cover: exactly one is held, the other is 4', async () => {
    for (let round = 0; round < 5; round++) {
      // 1500 IP + gas fits once in 2000 IP, not twice.
      await fund(IP(2000n));
      const answers = await Promise.all([stake('1500'), stake('1500')]);
      expectCatalogue(answers);
      const won = answers.filter((r) => r.statusCode === 200);
      expect(won, answers.map((r) => r.body).join('\n')).toHaveLength(1);
      const lost = answers.filter((r) => r.statusCode !== 200);
      expect(lost[0]!.json()).toMatchObject({ code: '4', data: { shortOf: 'amount', symbol: 'IP' } });
      expect(await nativeBalance(t, s.wallet.id)).toEqual({ total: IP(2000n), staked: 0n, locked: IP(1500n) + GAS });
      await cancel(won[0]!.json().id);
      expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
    }
  }, 60_000);

  it('ten stakes at once from a balance covering one: one 200, nine 4, locked never above total − staked', async () => {
    await fund(IP(3000n), IP(900n));
    const answers = await Promise.all(Array.from({ length: 10 }, () => stake('2000')));
    expectCatalogue(answers);
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won, answers.map((r) => r.body).join('\n')).toHaveLength(1);
    expect(answers.filter((r) => r.json().code === '4')).toHaveLength(9);
    const after = await nativeBalance(t, s.wallet.id);
    expect(after.locked).toBe(IP(2000n) + GAS);
    expect(after.locked + after.staked).toBeLessThanOrEqual(after.total);
    await cancel(won[0]!.json().id);
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
  }, 60_000);

  it('ten stakes at once from a balance covering three: exactly three are held', async () => {
    const each = IP(1024n) + GAS;
    await fund(3n * each + IP(1n));
    const answers = await Promise.all(Array.from({ length: 10 }, () => stake('1024')));
    expectCatalogue(answers);
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(3);
    expect(answers.filter((r) => r.json().code === '4')).toHaveLength(7);
    const after = await nativeBalance(t, s.wallet.id);
    expect(after.locked).toBe(3n * each);
    expect(after.locked).toBeLessThanOrEqual(after.total);
    for (const r of won) await cancel(r.json().id);
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
  }, 60_000);

  it('ten unstakes of one position at once: one 200, the others 4012, one fee held', async () => {
    await fund(IP(10_000n));
    const past = new Date(t.clock.now().getTime() - 2 * DAY);
    const [position] = await db()
      .insert(stakingPositions)
      .values({
        organizationId: s.orgId,
        walletId: s.wallet.id,
        blockchain: 'STORY_TESTNET',
        validatorId: HANBIT,
        requestId: await spentRequestId(),
        delegationId: '77',
        period: 'FLEXIBLE',
        tokenType: 'UNLOCKED',
        amount: IP(4096n).toString(),
        commissionBps: 500,
        rewardRateBps: 1_000,
        settledAt: past,
        stakedAt: past,
        activeAt: past,
        lockedUntil: past,
      })
      .returning();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.requester.request(
          'POST',
          `${STORY}/unstake-request`,
          { walletId: s.wallet.id, positionId: position!.id, amount: '1024' },
          EN,
        ),
      ),
    );
    expectCatalogue(answers);
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won, answers.map((r) => r.body).join('\n')).toHaveLength(1);
    expect(answers.filter((r) => r.json().code === '4012')).toHaveLength(9);
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(IP(1n) + GAS);
    await cancel(won[0]!.json().id);
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);

    // Five claims of the same wallet and validator at once: one is opened, the others 4012.
    await db()
      .insert(stakingUnbondings)
      .values({
        organizationId: s.orgId,
        positionId: position!.id,
        walletId: s.wallet.id,
        validatorId: HANBIT,
        requestId: await spentRequestId(),
        amount: IP(1024n).toString(),
        startedAt: past,
        endsAt: new Date(t.clock.now().getTime() - DAY),
      });
    const claims = await Promise.all(
      Array.from({ length: 5 }, () =>
        s.requester.request('POST', `${STORY}/claim-request`, { walletId: s.wallet.id, validatorId: HANBIT }, EN),
      ),
    );
    expectCatalogue(claims);
    const opened = claims.filter((r) => r.statusCode === 200);
    expect(opened, claims.map((r) => r.body).join('\n')).toHaveLength(1);
    expect(claims.filter((r) => r.json().code === '4012')).toHaveLength(4);
    await cancel(opened[0]!.json().id, 'claim-request');
  }, 60_000);
});
