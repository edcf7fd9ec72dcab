import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { loadRsaKeyring } from '../security/rsa.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { pickEncoding, withPreloads } from './web-app-preloads.js';

/**
 * A screen's path answers index.html with that screen's code preloaded, from the list the web build writes
 * (dist/.vite/route-preloads.json); a stand-in build here.
 */
let dist: string;
let testDb: TestDatabase;
let app: FastifyInstance;

const INDEX =
  '<!doctype html><html lang="ko"><head><title>Vaultline</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';
const PRELOADS = [
  {
    path: '/dashboard/assets',
    js: ['assets/DashboardLayout-1.js', 'assets/AssetsPage-2.js'],
    css: ['assets/D-3.css'],
    languages: {
      ko: ['assets/ko-start-5.js', 'assets/ko-dashboard-6.js'],
      en: ['assets/en-start-7.js', 'assets/en-dashboard-8.js'],
    },
  },
  { path: '/dashboard/wallets/:blockchain/:id', js: ['assets/WalletDetailPage-4.js'], css: [] },
];

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'vaultline-web-preloads-'));
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, '.vite', 'route-preloads.json'), JSON.stringify(PRELOADS));
  testDb = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  app = await buildApp({
    config,
    database: testDb.database,
    logger: false,
    webDist: dist,
    keyring: loadRsaKeyring(config, { persist: false }),
  });
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, acceptEncoding?: string, cookie?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: {
      accept: 'text/html',
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      ...(cookie ? { cookie } : {}),
    },
  });

describe('screen pages with their code preloaded', () => {
  it("a screen's path gets index.html announcing its layout, page and styles, brotli when taken", async () => {
    const res = await page('/dashboard/assets?tab=holdings', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/DashboardLayout-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/AssetsPage-2.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/D-3.css">');
    // The rest of the page is the build's, the links before the end of its head.
    expect(html.replace(/<link rel="(module)?preload"[^>]*>\s*/g, '')).toBe(INDEX);
  });

  it('parameters match one segment each; gzip and plain bytes for browsers taking no brotli', async () => {
    const gz = await page('/dashboard/wallets/BITCOIN/w-1', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('/assets/WalletDetailPage-4.js');
    const plain = await page('/dashboard/wallets/BITCOIN/w-1', 'br;q=0, identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('/assets/WalletDetailPage-4.js');
  });

  it('preloads the texts of the language the web app keeps in its cookie, Korean without one', async () => {
    const korean = await page('/dashboard/assets');
    expect(korean.body).toContain('/assets/ko-start-5.js');
    expect(korean.body).toContain('/assets/ko-dashboard-6.js');
    expect(korean.body).not.toContain('/assets/en-');
    expect(String(korean.headers.vary)).toMatch(/cookie/i);
    const english = await page('/dashboard/assets', undefined, 'vl_lang=en');
    expect(english.body).toContain('/assets/en-dashboard-8.js');
    expect(english.body).not.toContain('/assets/ko-');
    // Anything else is the default, never echoed.
    const odd = await page('/dashboard/assets', undefined, 'vl_lang=%3Cscript%3E');
    expect(odd.body).toContain('/assets/ko-start-5.js');
    expect(odd.body).not.toContain('script%3E');
  });

  it('a path no screen has gets the plain index.html', async () => {
    for (const url of ['/dashboard/wallets/BITCOIN/w-1/extra', '/no/such/screen', '/dashboard/assetsx']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    }
  });

  it('a rebuild under the running server is picked up: the pages name the new files', async () => {
    const index = join(dist, 'index.html');
    const rebuilt = INDEX.replace('index-abc.js', 'index-def.js');
    writeFileSync(index, rebuilt);
    // A different modification time, whatever the clock's resolution.
    utimesSync(index, new Date(), new Date(Date.now() + 5_000));
    const res = await page('/dashboard/assets');
    expect(res.body).toContain('/assets/index-def.js');
    expect(res.body).toContain('/assets/AssetsPage-2.js');
    writeFileSync(index, INDEX);
    utimesSync(index, new Date(), new Date(Date.now() + 10_000));
  });

  it('an API path is never a page', async () => {
    const res = await page('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '404' });
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, honouring q=0 and the wildcard', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });

  it('file names are written as attribute values', () => {
    expect(withPreloads('<head></head>', { js: ['assets/a"b.js'], css: [] })).toContain('href="/assets/a&quot;b.js"');
  });
});
