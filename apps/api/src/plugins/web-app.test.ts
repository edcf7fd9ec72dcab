import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { loadRsaKeyring } from '../security/rsa.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { helmetHeaders } from './security.js';

/**
 * The built web app as the API serves it, from a stand-in build: each compressible file with the brotli and gzip
 * copies `vite build` leaves next to it, chosen by Accept-Encoding, never compressed again on the way out.
 */
let dist: string;
let testDb: TestDatabase;
let app: FastifyInstance;

const INDEX = `<!doctype html><html lang="ko"><head><title>Vaultline</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;
const MAIN = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word-${i % 50}`))};\n`;
const TINY = 'export const a = 1;\n';

function writeWithCopies(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'vaultline-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeWithCopies(join(dist, 'index.html'), INDEX);
  writeWithCopies(join(dist, 'assets', 'index-abc123.js'), MAIN);
  // Below the build's threshold: no compressed copies.
  writeFileSync(join(dist, 'assets', 'tiny-def456.js'), TINY);
  writeFileSync(join(dist, 'assets', 'logo-0a1b2c.png'), Buffer.alloc(3000, 7));
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

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url, headers });
const copy = (name: string, ext: '.br' | '.gz') => readFileSync(join(dist, `${name}${ext}`));

describe('web app files', () => {
  it('the page and its files carry the security headers (the CSP among them), compressed or not', async () => {
    const expected = helmetHeaders({ production: false });
    for (const [url, headers] of [
      ['/account/login', { accept: 'text/html', 'accept-encoding': 'br' }],
      ['/assets/index-abc123.js', { 'accept-encoding': 'gzip' }],
      ['/assets/tiny-def456.js', {}],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(200);
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
  });

  it('a hashed asset is sent as its pre-compressed .br when the browser takes brotli, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The very bytes of the build's copy: not compressed again.
    expect(res.rawPayload.equals(copy('assets/index-abc123.js', '.br'))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('the .gz copy for a browser taking gzip only, the plain file for one taking none', async () => {
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(copy('assets/index-abc123.js', '.gz'))).toBe(true);
    expect(String(gz.headers.vary)).toMatch(/accept-encoding/i);

    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const plain = await get('/assets/index-abc123.js', headers);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(MAIN);
      // Chosen by Accept-Encoding even when plain: a shared cache must not hand it to a brotli browser.
      expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('files without a compressed copy go out as they are, never compressed on the fly', async () => {
    const tiny = await get('/assets/tiny-def456.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe(TINY);
    expect(Number(tiny.headers['content-length'])).toBe(TINY.length);
    const png = await get('/assets/logo-0a1b2c.png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload.length).toBe(3000);
  });

  it('the compressed copies have no URL of their own', async () => {
    for (const url of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz', '/index.html.br']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('index.html, asked for or as the deep-link fallback, is the compressed copy too, and always revalidated', async () => {
    for (const url of ['/index.html', '/dashboard/wallets/ETHEREUM/1', '/login?next=%2Fdashboard']) {
      const res = await get(url, { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(String(res.headers.vary), url).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(copy('index.html', '.br')), url).toBe(true);
    }
    const plain = await get('/dashboard', { accept: 'text/html' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('HEAD names the same encoding and sends no body', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBe(0);
  });

  it('server paths stay the coded 404, not the page', async () => {
    const res = await get('/api/v1/nothing-here', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
