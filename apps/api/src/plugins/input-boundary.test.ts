import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import type { TestBrowser } from '../test/browser.js';
import { createMember, createOrganization, grant, signIn } from '../test/fixtures.js';

/**
 * Bad input at the boundary: NUL bytes and lone surrogates in any text field, and Fastify's own refusals (bad URL,
 * over-long parameter, bad JSON, body too large, wrong content type, unknown route). Each answers the catalogue's
 * `{ code, message, data }` with a 4xx and never echoes the caller's input.
 */
let t: TestApp;
let owner: TestBrowser;
let operator: TestBrowser;
const MARK = 'zq9echo';

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  const db = t.testDb.database.db;
  const org = await createOrganization(db, 'Boundary');
  const m = await createMember(db, t.config, { organizationId: org.id });
  await grant(db, m.id, ['OWNER']);
  owner = await signIn(t, m);
  const op = await createMember(db, t.config, { kind: 'OPERATOR', operatorRole: 'ADMINISTRATOR' });
  operator = await signIn(t, op);
});
afterAll(async () => {
  await t?.close();
});

function expectCatalogued(res: { statusCode: number; body: string; json(): Record<string, unknown> }, code: string) {
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = res.json();
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(res.body).not.toContain(MARK);
}

const BAD_TEXTS = {
  nul: `${MARK}\u0000x`,
  'lone high surrogate': `${MARK}\ud800`,
  'lone low surrogate': `x\udc00${MARK}`,
};

describe('text fields refuse NUL and lone surrogates with 400 and the catalogue code', () => {
  const fields: [string, (text: string) => Promise<LightMyRequestResponse>][] = [
    ['member search', (s) => owner.post('/api/v1/organization/members', { filters: { search: s } })],
    ['wallet search', (s) => owner.post('/api/v1/organizations/wallets', { filters: { search: s } })],
    ['group search', (s) => owner.post('/api/v1/organization/groups', { filters: { search: s } })],
    ['group name', (s) => owner.post('/api/v1/organization/groups/create', { name: s })],
    [
      'operator organization search',
      (s) => operator.post('/api/v1/operations/organizations', { filters: { search: s } }),
    ],
    [
      'operator workflow name',
      (s) =>
        operator.post('/api/v1/operations/organizations/organization-creation-workflow/create', {
          name: s,
          businessRegistrationNumber: '220-81-12345',
          representativeName: 'Kim',
          custodyFeeBps: 10,
        }),
    ],
    [
      'operator workflow reason',
      (s) =>
        operator.post(`/api/v1/operations/organizations/organization-creation-workflow/${crypto.randomUUID()}/reject`, {
          memo: s,
        }),
    ],
    ['sign-in email', (s) => owner.post('/api/v1/organization/members/login', { email: s, passphrase: 'x' })],
    ['a property name', (s) => owner.post('/api/v1/organization/groups/create', { name: 'ok', [s]: 1 })],
    [
      'a value under a property name of odd text',
      (s) => owner.post('/api/v1/organization/groups/create', { name: 'ok', [`<b>${MARK}</b>`]: s }),
    ],
  ];
  for (const [field, send] of fields) {
    for (const [kind, text] of Object.entries(BAD_TEXTS)) {
      it(`${field}: ${kind}`, async () => {
        const res = await send(text);
        expect(res.statusCode, res.body).toBe(400);
        expectCatalogued(res, '4000');
        expect(res.json().data.issues[0].key).toBe('validation.text.invalidCharacters');
      });
    }
  }

  it('a NUL in a path parameter is refused the same way', async () => {
    const res = await owner.request('GET', `/api/v1/organizations/wallets/${MARK}%00`);
    expect(res.statusCode).toBe(400);
    expectCatalogued(res, '4000');
  });

  it('nothing was written by any refused call', async () => {
    const groups = await owner.post('/api/v1/organization/groups', {});
    expect(groups.json().total).toBe(0);
  });
});

describe("Fastify's own refusals come in the catalogue's shape without echoing the input", () => {
  const raw = (opts: InjectOptions) => t.app.inject(opts);

  it('an over-long path parameter: 414', async () => {
    const res = await owner.request('GET', `/api/v1/organizations/wallets/${MARK}${'a'.repeat(400)}`);
    expect(res.statusCode).toBe(414);
    expectCatalogued(res, '414');
  });

  it('a malformed URL: 400', async () => {
    const res = await raw({ method: 'GET', url: `/api/v1/organizations/wallets/${MARK}%E0%A4%A` });
    expect(res.statusCode).toBe(400);
    expectCatalogued(res, '4000');
  });

  it('bad JSON, an oversized body and a wrong content type', async () => {
    const headers = (type: string) => ({
      'content-type': type,
      cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': owner.cookies.get('vl_csrf') ?? '',
    });
    const url = '/api/v1/organization/groups/create';
    const badJson = await raw({
      method: 'POST',
      url,
      payload: `{"name": ${MARK}`,
      headers: headers('application/json'),
    });
    expect(badJson.statusCode).toBe(400);
    expectCatalogued(badJson, '4000');
    const big = await raw({
      method: 'POST',
      url,
      payload: `{"name":"${MARK}${'a'.repeat(1_100_000)}"}`,
      headers: headers('application/json'),
    });
    expect(big.statusCode).toBe(413);
    expectCatalogued(big, '413');
    const type = await raw({ method: 'POST', url, payload: `<x>${MARK}</x>`, headers: headers(`text/${MARK}`) });
    expect(type.statusCode).toBe(415);
    expectCatalogued(type, '415');
  });

  it('an unknown route and an unknown key', async () => {
    const unknown = await raw({ method: 'GET', url: `/api/v1/${MARK}` });
    expect(unknown.statusCode).toBe(404);
    expectCatalogued(unknown, '404');
    const key = await owner.post('/api/v1/organization/groups/create', { name: 'ok', [MARK]: 1 });
    expect(key.statusCode).toBe(400);
    expectCatalogued(key, '4000');
    const uuid = await owner.request('GET', `/api/v1/organizations/wallets/${MARK}`);
    expect(uuid.statusCode).toBe(400);
    expectCatalogued(uuid, '4000');
  });
});
