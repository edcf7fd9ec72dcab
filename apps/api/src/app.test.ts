import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetHeaders } from './plugins/security.js';
import { createTestApp, type TestApp } from './test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('system calls', () => {
  it('/healthz answers while the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers when the database does', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: t.testDb.database.kind });
  });

  it('reports the environment and the client-facing constants', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/system/info' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Vaultline',
      environment: 'local',
      production: false,
      timezone: 'Asia/Seoul',
      sessionMinutes: 30,
      defaultLanguage: 'KO',
    });
  });
});

describe('answers outside the routes', () => {
  it('an unknown API path is a coded 404 in Korean by default and English on request', async () => {
    const ko = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(ko.statusCode).toBe(404);
    expect(ko.json().code).toBe('404');
    expect(ko.json().message).toMatch(/[가-힣]/);
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.json().message).toMatch(/[A-Za-z]/);
    expect(en.json().message).not.toMatch(/[가-힣]/);
  });

  it('malformed JSON to any API path is a 4xx with a code, never a 500', async () => {
    for (const url of ['/api/v1/organization/members/login', '/api/v1/system/info', '/healthz', '/anything']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(typeof res.json().code, url).toBe('string');
    }
  });

  it('sends security headers, a request id and no open CORS', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("without named origins a preflight finds nothing, as any unknown route; the security headers are helmet's", async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/system/info',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('404');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/system/info' });
    const expected = helmetHeaders({ production: false });
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    for (const [name, value] of Object.entries(expected)) expect(info.headers[name], name).toBe(value);
    expect(info.headers['cache-control']).toBe('no-store');
  });

  it('with CORS_ORIGINS, a named origin gets credentialed CORS and its preflight; another origin gets none', async () => {
    const open = await createTestApp({ CORS_ORIGINS: 'https://app.example' });
    try {
      const preflight = await open.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/system/info',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example');
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      const named = await open.app.inject({
        method: 'GET',
        url: '/api/v1/system/info',
        headers: { origin: 'https://app.example' },
      });
      expect(named.statusCode).toBe(200);
      expect(named.headers['access-control-allow-origin']).toBe('https://app.example');
      const other = await open.app.inject({
        method: 'GET',
        url: '/api/v1/system/info',
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it('serves interactive API docs at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('rate limits', () => {
  it('answers a coded 429 once the per-IP budget is spent', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      const url = '/api/v1/system/info';
      for (let i = 0; i < 4; i++) codes.push((await limited.app.inject({ method: 'GET', url })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await limited.app.inject({ method: 'GET', url });
      expect(res.json().code).toBe('429');
      expect(res.json().data.retryAfterSeconds).toBeGreaterThan(0);
      expect(res.json().data.retryAfterSeconds).toBeLessThanOrEqual(60);
      // Probes and the web app's files are outside the API budget.
      expect((await limited.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
