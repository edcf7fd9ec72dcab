import { writeFileSync } from 'node:fs';
import { connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { EVENTS_PATH } from '@vaultline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { createTestApp, type TestApp } from './test/app.js';
import { createMember, createOrganization, grant, signIn } from './test/fixtures.js';
import { selfSignedCertificate } from './test/tls.js';

// With TLS_CERT_FILE and TLS_KEY_FILE the server speaks HTTP/2 over TLS (a screen's many files on one connection),
// and still HTTP/1.1 to a client without HTTP/2, on the same port.
let t: TestApp;
let origin: string;
let cookie: string;
const tls = selfSignedCertificate();

beforeAll(async () => {
  t = await createTestApp({ TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile, AUTH_RATE_LIMIT_FACTOR: '20' });
  const db = t.testDb.database.db;
  const org = await createOrganization(db);
  const m = await createMember(db, t.config, { organizationId: org.id });
  await grant(db, m.id, ['OWNER']);
  const browser = await signIn(t, m);
  cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = address.replace('http://', 'https://');
});
afterAll(async () => {
  await t?.close();
});

/** One GET over HTTP/2: status, headers, and the first bytes of the body (a stream is cut there). */
function h2Get(path: string, headers: Record<string, string> = {}, firstBytesOnly = false) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const session = connect(origin, { rejectUnauthorized: false });
    session.on('error', reject);
    const stream = session.request({ ':path': path, ...headers });
    let head: Record<string, unknown> = {};
    let body = '';
    stream.on('response', (h) => {
      head = h;
    });
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      body += chunk;
      if (firstBytesOnly) {
        stream.close();
        session.close();
        resolve({ status: Number(head[':status']), headers: head, body });
      }
    });
    stream.on('end', () => {
      session.close();
      resolve({ status: Number(head[':status']), headers: head, body });
    });
    stream.on('error', reject);
  });
}

describe('HTTP/2 over TLS', () => {
  it('answers API calls over HTTP/2', async () => {
    const health = await h2Get('/healthz');
    expect(health.status).toBe(200);
    const me = await h2Get('/api/v1/organization/members/me', { cookie });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ kind: 'MEMBER' });
    // Over HTTPS the session cookie and the CSRF cookie carry the __Host- prefix.
    expect(t.config.secureCookies).toBe(true);
  });

  it('streams live notices over HTTP/2 (no HTTP/1 connection header)', async () => {
    const events = await h2Get(EVENTS_PATH, { cookie }, true);
    expect(events.status).toBe(200);
    expect(String(events.headers['content-type'])).toContain('text/event-stream');
    expect(events.body).toContain('retry: 5000');
  });

  it('still answers HTTP/1.1 over TLS on the same port', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpsRequest(`${origin}/healthz`, { rejectUnauthorized: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
  });

  it('refuses half a TLS configuration, an unreadable file and a file that is not PEM, in one line', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: tls.certFile })).toThrow(ConfigError);
    expect(() => loadConfig({ TLS_CERT_FILE: '/nonexistent/cert.pem', TLS_KEY_FILE: tls.keyFile })).toThrow(
      'TLS_CERT_FILE cannot be read',
    );
    const notPem = `${tls.keyFile}.txt`;
    writeFileSync(notPem, 'not a key');
    expect(() => loadConfig({ TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: notPem })).toThrow(
      'TLS_KEY_FILE is not a PEM file of that kind',
    );
    expect(loadConfig({ TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile }).appBaseUrl).toBe(
      'https://localhost:3000',
    );
  });
});
