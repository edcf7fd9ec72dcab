import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LEDGER_VALIDATORS } from '../../modules/staking/ledger-validators.service.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { createMember, signIn } from '../../test/fixtures.js';
import { chainValidatorsSync } from './story-api.js';

/**
 * The validator list of a Story network on a node, read from Story's consensus-layer API. The peer is an HTTP server
 * answering in that API's documented shapes (piplabs/story `client/server/README.md`: amino JSON in
 * `{ code, msg, error }`, amounts in gwei), paged as the real one pages; what is under test is our client, the
 * mapping to validator terms and what the staking calls then show.
 */
let t: TestApp;
let member: TestBrowser;
let peer: Server;
/** What the peer answers: path (without query) → body, and paths that fail. Empty until a test sets the chain up: the
 * engine of the test app reads once at start and meets a failing peer. */
let answers = new Map<string, unknown>();
let failing = new Set<string>();
let pagesServed: string[] = [];

const GWEI_PER_IP = 1_000_000_000n;
const gwei = (ipAmount: bigint) => (ipAmount * GWEI_PER_IP).toString();
const keyOf = (i: number) => LEDGER_VALIDATORS[i]!.validatorId;
const base64Key = (hex: string) => Buffer.from(hex.slice(2), 'hex').toString('base64');
const ok = (msg: unknown) => ({ code: 200, msg, error: '' });

function validator(i: number, over: Record<string, unknown> = {}) {
  return {
    operator_address: LEDGER_VALIDATORS[i]!.operatorAddress,
    consensus_pubkey: { type: 'tendermint/PubKeySecp256k1', value: base64Key(keyOf(i)) },
    status: 3,
    tokens: gwei(120_000_000n),
    delegator_shares: `${gwei(120_000_000n)}.000000000000000000`,
    description: { moniker: `Chain validator ${i}` },
    unbonding_time: '1970-01-01T00:00:00Z',
    commission: {
      commission_rates: { rate: '0.070000000000000000', max_rate: '0.100000000000000000', max_change_rate: '0.01' },
      update_time: '2024-04-16T11:04:40.60280319Z',
    },
    min_self_delegation: '1024000000000',
    support_token_type: 1,
    rewards_tokens: `${gwei(120_000_000n)}.000000000000000000`,
    delegator_rewards_shares: `${gwei(120_000_000n)}.000000000000000000`,
    ...over,
  };
}

/** The chain as the first reading sees it: two pages of validators and the parameters. */
function chainState() {
  answers = new Map<string, unknown>([
    [
      '/mint/params',
      ok({ params: { mint_denom: 'stake', inflations_per_year: '24625000000000000.000000000000000000' } }),
    ],
    ['/distribution/params', ok({ params: { ubi: '0.065000000000000000', withdraw_addr_enabled: true } })],
    ['/slashing/params', ok({ params: { signed_blocks_window: '10000', min_signed_per_window: '0.05' } })],
    [`/slashing/signing_infos/${keyOf(0)}`, ok({ val_signing_info: { missed_blocks_counter: '25' } })],
    // Amino JSON leaves a zero counter out.
    [`/slashing/signing_infos/${keyOf(1)}`, ok({ val_signing_info: {} })],
    [`/slashing/signing_infos/${keyOf(2)}`, ok({ val_signing_info: { missed_blocks_counter: '10000' } })],
  ]);
  answers.set(
    '/staking/validators#1',
    ok({
      validators: [
        validator(0),
        // Locked tokens only: its 100 M IP count half in rewards tokens.
        validator(1, {
          description: { moniker: '  Locked Pool  ' },
          tokens: gwei(100_000_000n),
          support_token_type: 0,
          rewards_tokens: `${gwei(50_000_000n)}.000000000000000000`,
          commission: { commission_rates: { rate: '0.050000000000000000' } },
        }),
      ],
      pagination: { next_key: 'FPoybu9dO+FCSV562u9keKVgUwur' },
    }),
  );
  answers.set(
    '/staking/validators#2',
    ok({
      validators: [
        // Jailed: listed, not bonded, not counted in the reward rate.
        validator(2, { jailed: true, status: 1, description: { moniker: 'Jailed One' } }),
        // Not a compressed secp256k1 key: skipped.
        validator(3, { consensus_pubkey: { value: Buffer.alloc(33, 7).toString('base64') } }),
      ],
      pagination: { next_key: null, total: '4' },
    }),
  );
}

beforeAll(async () => {
  peer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    let key = url.pathname;
    if (key === '/staking/validators') {
      pagesServed.push(url.search);
      key += url.searchParams.get('pagination.key') ? '#2' : '#1';
    }
    const body = failing.has(url.pathname) ? undefined : answers.get(key);
    res.writeHead(body ? 200 : 500, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { code: 500, msg: null, error: 'internal' }));
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  const { port } = peer.address() as AddressInfo;
  t = await createTestApp({
    AUTH_RATE_LIMIT_FACTOR: '20',
    // STORY runs on a node here (never called by these tests); its staking API is the peer.
    CHAIN_RPC_STORY: 'http://127.0.0.1:9/',
    STAKING_API_STORY: `http://127.0.0.1:${port}/`,
  });
  member = await signIn(t, await createMember(t.testDb.database.db, t.config));
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => peer?.close(resolve));
});
beforeEach(() => {
  failing = new Set();
  pagesServed = [];
});

const sync = () => chainValidatorsSync({ db: t.testDb.database.db, config: t.config, log: t.app.log }).tick();
const listed = async () =>
  (await member.request('GET', '/api/v1/organizations/staking/validators?blockchain=STORY')).json().items as Record<
    string,
    unknown
  >[];

describe('validators from Story’s API', () => {
  it('reads every page into the list with commission, stake, uptime, token kind and the yearly return', async () => {
    chainState();
    await sync();
    expect(pagesServed).toEqual([
      '?pagination.limit=100',
      '?pagination.limit=100&pagination.key=FPoybu9dO%2BFCSV562u9keKVgUwur',
    ]);
    const items = await listed();
    expect(items.map((v) => v.validatorId)).toEqual(expect.arrayContaining([keyOf(0), keyOf(1), keyOf(2)]));
    expect(items).toHaveLength(3);
    const byId = new Map(items.map((v) => [v.validatorId, v]));
    // Rate: 24.625 M IP a year less 6.5 % UBI over the bonded validators' 290 M rewards tokens (120 M, half of the
    // 100 M locked, and 120 M of the one whose key we cannot use: the chain pays it all the same) = 7.93 %;
    // after a 7 % commission, 7.93 × 0.93 = 7.37 %.
    expect(byId.get(keyOf(0))).toMatchObject({
      blockchain: 'STORY',
      name: 'Chain validator 0',
      operatorAddress: LEDGER_VALIDATORS[0].operatorAddress,
      commission: '7.00',
      totalStaked: '120000000',
      uptime: '99.75',
      tokenType: 'UNLOCKED',
      estimatedYearlyReturn: '7.37',
      active: true,
    });
    expect(byId.get(keyOf(1))).toMatchObject({
      name: 'Locked Pool',
      commission: '5.00',
      totalStaked: '100000000',
      uptime: '100.00',
      tokenType: 'LOCKED',
      active: true,
    });
    expect(byId.get(keyOf(2))).toMatchObject({ name: 'Jailed One', uptime: '0.00', active: false });
  });

  it('takes the next reading as the chain states it; a validator it no longer lists stays, inactive', async () => {
    chainState();
    const [first] = (answers.get('/staking/validators#1') as { msg: { validators: Record<string, unknown>[] } }).msg
      .validators;
    first!.commission = { commission_rates: { rate: '0.100000000000000000' } };
    first!.tokens = gwei(125_000_000n);
    answers.set('/staking/validators#2', ok({ validators: [], pagination: {} }));
    await sync();
    const byId = new Map((await listed()).map((v) => [v.validatorId, v]));
    expect(byId.get(keyOf(0))).toMatchObject({ commission: '10.00', totalStaked: '125000000', active: true });
    expect(byId.get(keyOf(2))).toMatchObject({ active: false });
  });

  it('keeps the last reading when the API fails or answers something else, and never half-writes', async () => {
    chainState();
    await sync();
    const before = await listed();
    const [first] = (answers.get('/staking/validators#1') as { msg: { validators: Record<string, unknown>[] } }).msg
      .validators;
    first!.commission = { commission_rates: { rate: '0.200000000000000000' } };
    // A signing record that fails: the whole reading is dropped.
    failing.add(`/slashing/signing_infos/${keyOf(1)}`);
    await sync();
    expect(await listed()).toEqual(before);
    // An answer of another shape (a page whose validators are not a list).
    failing.clear();
    answers.set('/staking/validators#2', ok({ validators: 'none', pagination: {} }));
    await sync();
    expect(await listed()).toEqual(before);
    // A reading that lists no usable validator is a broken answer: nothing is deactivated.
    answers.set('/staking/validators#1', ok({ validators: [], pagination: {} }));
    await sync();
    expect(await listed()).toEqual(before);
  });
});
