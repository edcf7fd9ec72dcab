import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { setBalance } from '../../test/asset-fixtures.js';
import { TestBrowser as Browser } from '../../test/browser.js';
import { ETH, WD, type WithdrawalScene, withdrawalScene } from './withdrawal-scene.js';

/** The withdraw form's preview: withdrawable and max amounts, the fee reserve, and the line resolved to people. */
let t: TestApp;
let s: WithdrawalScene;
const EN = { headers: { 'accept-language': 'en' } };

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '50', DEVNET_BLOCK_MS: '0', CHAIN_SWEEP_MS: '0' });
  s = await withdrawalScene(t, 'Withdraw Preview');
});
afterAll(async () => {
  await t?.close();
});

const preview = (who: Browser, over: Record<string, unknown> = {}, family = 'evm') =>
  who.request('POST', `${WD(family)}/preview`, { walletId: s.alpha.id, tokenId: 'ETHEREUM.ETH', ...over }, EN);

describe('withdrawal preview', () => {
  it('shows withdrawable, max (less the fee reserve) and the approvers the line resolves to', async () => {
    await setBalance(t.testDb.database.db, s.orgId, s.alpha, 'ETHEREUM.ETH', {
      total: ETH(5n).toString(),
      locked: ETH(1n).toString(),
    });
    const res = await preview(s.requester);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token: { tokenId: 'ETHEREUM.ETH', symbol: 'ETH', decimals: 18 },
      balance: '5',
      locked: '1',
      withdrawable: '4',
      maxAmount: '3.999',
      fee: { tokenId: 'ETHEREUM.ETH', reserve: '0.001', available: '4', covered: true },
      memoSupported: false,
      approval: { canRequest: true, exempt: false },
    });
    // The devnet's node quotes what a plain transfer pays now: below the reserve it holds.
    expect(body.fee.estimate).toMatch(/^0\.\d+$/);
    expect(Number(body.fee.estimate)).toBeLessThanOrEqual(Number(body.fee.reserve));
    expect(body.approval.steps).toHaveLength(1);
    expect(body.approval.steps[0]).toMatchObject({ step: 2, requiredApprovals: 1 });
    expect(body.approval.steps[0].approvers).toHaveLength(1);
    expect(body.approval.steps[0].approvers[0].email).toMatch(/@/);
  });

  it('says the owner is exempt and a member off the creation step may not request', async () => {
    const owner = (await preview(s.owner)).json();
    expect(owner.approval).toEqual({ canRequest: true, exempt: true, steps: [] });
    const bystander = (await preview(s.bystander)).json();
    expect(bystander.approval).toMatchObject({ canRequest: false, exempt: false });
  });

  it('holds nothing, answers 401, 404 across organizations, and refuses bad input without echoing it', async () => {
    const before = (await preview(s.requester)).json();
    expect((await preview(s.requester)).json().locked).toBe(before.locked);
    const anonymous = await new Browser(t.app).request('POST', `${WD('evm')}/preview`, {
      walletId: s.alpha.id,
      tokenId: 'ETHEREUM.ETH',
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await preview(s.outsider)).statusCode).toBe(404);
    expect((await preview(s.requester, {}, 'sol')).json().code).toBe('4000');
    const unknown = await preview(s.requester, { tokenId: 'ETHEREUM.USDT' });
    expect(unknown.json()).toMatchObject({ code: '4000', data: { issues: [{ key: 'validation.token.unknown' }] } });
    const junk = await preview(s.requester, { tokenId: '<script>x</script>' });
    expect(junk.statusCode).toBe(400);
    expect(junk.body).not.toContain('<script>');
  });
});
