import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { EVENTS_PATH } from '@vaultline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import type { TestBrowser } from '../test/browser.js';
import { createMember, createOrganization, grant, signIn } from '../test/fixtures.js';
import { COMPRESSION_THRESHOLD } from './compression.js';

/** API answers as a browser receives them: JSON above the threshold compressed by Accept-Encoding, nothing else. */
let t: TestApp;
let owner: TestBrowser;
const MEMBERS = '/api/v1/organization/members';

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  const db = t.testDb.database.db;
  const org = await createOrganization(db, 'Compression');
  const m = await createMember(db, t.config, { organizationId: org.id });
  await grant(db, m.id, ['OWNER']);
  // Enough members for the list to pass the threshold several times over.
  for (let i = 0; i < 6; i++) await createMember(db, t.config, { organizationId: org.id });
  owner = await signIn(t, m);
});
afterAll(async () => {
  await t?.close();
});

/** The organization's member list, asked with the given Accept-Encoding (none when undefined). */
const list = (acceptEncoding?: string) =>
  owner.request(
    'POST',
    MEMBERS,
    {},
    acceptEncoding === undefined ? {} : { headers: { 'accept-encoding': acceptEncoding } },
  );

describe('HTTP compression of API answers', () => {
  it('a JSON list above the threshold comes back brotli or gzip as asked, and decodes to the same JSON', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(2 * COMPRESSION_THRESHOLD);
    const expected = plain.json();
    expect(expected.items.length).toBeGreaterThanOrEqual(7);

    // What a current browser sends: brotli is preferred.
    const br = await list('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(expected);

    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(expected);
  });

  it('without Accept-Encoding, with identity only, or with an encoding it does not offer, nothing is compressed', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await list(accept);
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(res.json().items.length).toBeGreaterThanOrEqual(7);
    }
  });

  it('a small JSON answer (below the threshold) goes out as it is', async () => {
    for (const url of ['/healthz', '/api/v1/auth/public-key']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(() => res.json()).not.toThrow();
    }
    // An error answer too.
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/organizations/me',
      headers: { 'accept-encoding': 'br' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json().code).toBeDefined();
  });

  it('HEAD answers carry no body and still work with Accept-Encoding', async () => {
    const get = await owner.request('GET', '/api/v1/organization/members/me', undefined, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(get.statusCode).toBe(200);
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const url of ['/api/v1/organization/members/me', '/healthz']) {
      const head = await t.app.inject({ method: 'HEAD', url, headers: { cookie, 'accept-encoding': 'br, gzip' } });
      expect(head.statusCode, url).toBe(200);
      expect(head.rawPayload.length, url).toBe(0);
    }
  });

  it('request bodies are not decompressed: a gzipped body is no JSON, as before', async () => {
    const res = await owner.request('POST', MEMBERS, gzipSync('{}'), {
      headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect((await list()).statusCode).toBe(200);
  });

  it('the live event stream stays uncompressed and streams at once', async () => {
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const { headers, first } = await new Promise<{ headers: Record<string, unknown>; first: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          `${base}${EVENTS_PATH}`,
          { headers: { cookie, 'accept-encoding': 'br, gzip' } },
          (res) => {
            res.once('data', (chunk: Buffer) => {
              resolve({ headers: res.headers, first: chunk.toString('utf8') });
              req.destroy();
            });
          },
        );
        req.on('error', reject);
        req.setTimeout(5000, () => reject(new Error('the stream sent nothing')));
        req.end();
      },
    );
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
    // Its first message arrives by itself, not held back until a compressor's buffer fills.
    expect(first).toContain('retry: 5000');
  });
});
