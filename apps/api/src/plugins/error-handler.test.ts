import { PassThrough, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { defineCall, passwordConfirmationSchema } from '@vaultline/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../http/app-error.js';
import { registerCall } from '../http/register-call.js';
import { errorHandlerPlugin } from './error-handler.js';

// A call of this test's own, so the handler is exercised through real routing, parsing and validation.
const echoCall = defineCall({
  id: 'echo',
  method: 'POST',
  path: '/api/test/{kind}',
  tag: 'test',
  summary: 'echo',
  access: 'public',
  params: z.object({ kind: z.enum(['ok', 'app-error', 'crash', 'bad-response']) }),
  body: z.object({ count: z.number().int(), passwords: passwordConfirmationSchema.optional() }),
  response: z.object({ count: z.number().int() }),
});

async function app() {
  const a = Fastify({ logger: false });
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  await a.register(errorHandlerPlugin);
  registerCall(a, echoCall, async ({ params, body }) => {
    if (params.kind === 'app-error') throw new AppError('4006', { name: 'dup' });
    if (params.kind === 'crash') throw new Error('secret internal detail: connection string postgres://x');
    if (params.kind === 'bad-response') return { count: 'NaN' } as unknown as { count: number };
    return { count: body.count };
  });
  await a.ready();
  return a;
}

const post = async (kind: string, payload: unknown, lang = 'en') =>
  (await app()).inject({
    method: 'POST',
    url: `/api/test/${kind}`,
    headers: { 'content-type': 'application/json', 'accept-language': lang },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('error handler', () => {
  it('passes a valid call through', async () => {
    const res = await post('ok', { count: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
  });

  it('turns an AppError into { code, message, data } with the catalogue status', async () => {
    const res = await post('app-error', { count: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: '4006', data: { name: 'dup' } });
    expect(res.json().message.length).toBeGreaterThan(5);
  });

  it('answers malformed JSON with 400 and code 4000', async () => {
    const res = await post('ok', '{"count": 1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '4000', data: { reason: 'malformed-json' } });
  });

  it('answers wrong types and bad path parameters with translated issues', async () => {
    const res = await post('ok', { count: 'two' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('4000');
    expect(res.json().data.issues[0].path).toBe('body.count');
    const bad = await post('nope', { count: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.issues[0].path).toMatch(/^params/);
  });

  it("translates the contracts' validation messages in the caller's language", async () => {
    const payload = { count: 1, passwords: { password: 'abcdef1!', confirmation: 'abcdef1?' } };
    const en = await post('ok', payload, 'en');
    expect(en.json().data.issues[0].message).toBe('The passwords entered do not match. Please check again.');
    const ko = await post('ok', payload, 'ko');
    expect(ko.json().data.issues[0].message).toMatch(/[가-힣]/);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await (await app()).inject({
      method: 'POST',
      url: '/api/test/ok',
      headers: { 'content-type': 'text/xml' },
      payload: '<count>1</count>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('415');
  });

  it('leaves a client that closed mid-stream without an answer and without an error in the log', async () => {
    const lines: { level: number; msg: string }[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const a = Fastify({ logger: { level: 'info', stream: sink } });
    await a.register(errorHandlerPlugin);
    a.get('/gone', async () => {
      // Node's own error for a stream ended before its end: what sending a file to a closed socket raises.
      const stream = new PassThrough();
      stream.destroy();
      await finished(stream);
    });
    a.get('/crash', async () => {
      throw new Error('boom');
    });
    await a.ready();
    const gone = await a.inject({ method: 'GET', url: '/gone' }).then(
      (res) => res.statusCode,
      (err: Error) => err.message,
    );
    expect(gone).not.toBe(500);
    await a.inject({ method: 'GET', url: '/crash' });
    const errors = lines.filter((l) => l.level >= 50).map((l) => l.msg);
    expect(errors).toEqual(['unhandled error']);
    expect(lines.some((l) => l.msg === 'client closed the connection before the answer was sent')).toBe(true);
    await a.close();
  });

  it('hides internals of an unexpected failure behind a request id', async () => {
    for (const kind of ['crash', 'bad-response']) {
      const res = await post(kind, { count: 1 });
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('0');
      expect(res.json().data.requestId).toEqual(expect.any(String));
      expect(res.body).not.toContain('postgres://');
      expect(res.body).not.toContain('stack');
    }
  });
});
