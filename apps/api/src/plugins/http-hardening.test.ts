import { generateKeyPairSync } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createMember, createOrganization, grant, signIn } from '../test/fixtures.js';

/** Answers and cookies as a browser and a proxy see them: no caching of API data, host-only cookies over HTTPS, docs. */
const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

async function app(env: Record<string, string> = {}) {
  const t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20', DEVNET_BLOCK_MS: '0', ...env });
  apps.push(t);
  return t;
}

async function owner(t: TestApp) {
  const db = t.testDb.database.db;
  const org = await createOrganization(db, 'Headers');
  const m = await createMember(db, t.config, { organizationId: org.id });
  await grant(db, m.id, ['OWNER']);
  return signIn(t, m);
}

const PRODUCTION = () => ({
  APP_ENV: 'production',
  AUTH_RATE_LIMIT_FACTOR: '1',
  SESSION_SECRET: 'p'.repeat(40),
  MASTER_KEY: '5a'.repeat(32),
  APP_BASE_URL: 'https://custody.example.com',
  DATABASE_URL: 'postgres://unused.example.com/vaultline',
  SMTP_URL: 'smtp://127.0.0.1:1',
  RSA_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
});

describe('HTTP hardening', () => {
  it('signed-in JSON answers, and errors, carry Cache-Control: no-store', async () => {
    const t = await app();
    const b = await owner(t);
    for (const url of ['/api/v1/organizations/me', '/api/v1/organization/members/me']) {
      const res = await b.request('GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const list = await b.post('/api/v1/organizations/wallets', {});
    expect(list.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/organizations/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('over HTTPS the cookies are __Host- prefixed, Secure, path /, with no Domain, and sign-in works with them', async () => {
    const t = await app({ APP_BASE_URL: 'https://custody.example.com' });
    const b = await owner(t);
    expect([...b.cookies.keys()].sort()).toEqual(['__Host-vl_csrf', '__Host-vl_session']);
    const res = await b.request('GET', '/api/v1/organizations/me');
    expect(res.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'GET', url: '/healthz' });
    const set = String(login.headers['set-cookie']);
    expect(set).toMatch(/^__Host-vl_csrf=[^;]+; Path=\/; Secure; SameSite=Strict$/);
    // A plain-named cookie planted by a sibling host is not this server's session.
    const planted = await t.app.inject({
      method: 'GET',
      url: '/api/v1/organizations/me',
      headers: { cookie: `vl_session=${b.cookies.get('__Host-vl_session')}` },
    });
    expect(planted.statusCode).toBe(401);
  });

  it('on plain-HTTP loopback (development) the cookies keep their plain names', async () => {
    const t = await app();
    const b = await owner(t);
    expect([...b.cookies.keys()].sort()).toEqual(['vl_csrf', 'vl_session']);
  });

  it('/api/docs is off in production unless configured, and then under the application CSP', async () => {
    const off = await app(PRODUCTION());
    const closed = await off.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: 'text/html' } });
    expect(closed.statusCode).toBe(404);
    expect(closed.json()).toMatchObject({ code: '404' });

    const on = await app({ ...PRODUCTION(), API_DOCS: 'true' });
    const docs = await on.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    const probe = await on.app.inject({ method: 'GET', url: '/healthz' });
    expect(docs.headers['content-security-policy']).toBe(probe.headers['content-security-policy']);
    expect(String(docs.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(docs.headers['content-security-policy'])).not.toContain('https:');
  });

  it('/api/docs is on outside production by default', async () => {
    const t = await app();
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
  });
});
