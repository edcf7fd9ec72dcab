import { readFileSync } from 'node:fs';
import { ERROR_CATALOGUE } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from './document.js';
import { genericErrorCodes } from './errors.js';
import { contractCalls } from './operations.js';
import { operationSecurity } from './security.js';

type Response = {
  $ref?: string;
  content?: Record<string, { schema: { allOf: { properties?: { code: { enum: string[] } } }[] } }>;
};
type Operation = { operationId: string; security: unknown; responses: Record<string, Response> };

// The committed document (openapi.test.ts proves it is the generated one): reading it keeps this test fast.
const doc = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response> };
};
const operations = new Map(
  Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => [op.operationId, op] as const)),
);

/** The codes an operation documents under one status, through a shared answer or its own. */
function codesOf(operationId: string, status: number): string[] {
  const response = operations.get(operationId)?.responses[String(status)];
  if (!response) return [];
  const resolved = response.$ref ? doc.components.responses[response.$ref.split('/').pop()!]! : response;
  return resolved.content!['application/json']!.schema.allOf[1]!.properties!.code.enum;
}

describe('OpenAPI security and error answers', () => {
  it('asks for what the session plugin checks', () => {
    expect(operationSecurity('public', 'GET')).toEqual([]);
    expect(operationSecurity('public', 'POST')).toEqual([{ csrfCookie: [], csrfHeader: [] }]);
    expect(operationSecurity('member', 'GET')).toEqual([{ sessionCookie: [] }]);
    expect(operationSecurity('WALLETS_VIEW', 'DELETE')).toEqual([
      { sessionCookie: [], csrfCookie: [], csrfHeader: [] },
    ]);
    expect(operationSecurity('vasp', 'POST')).toEqual([{ vaspKeyId: [], vaspSignature: [] }]);
  });

  it('gives each kind of call the generic codes it can answer, and no others', () => {
    expect(genericErrorCodes({ access: 'public', method: 'GET', path: '/healthz' })).toEqual(['4000']);
    expect(genericErrorCodes({ access: 'authenticated', method: 'GET', path: '/api/v1/x' })).toEqual([
      '4000',
      '401',
      '4001',
      '19',
      '4028',
      '429',
    ]);
    expect(genericErrorCodes({ access: 'vasp', method: 'POST', path: '/api/v1/x' })).toEqual([
      '4000',
      '413',
      '415',
      '403',
      '429',
    ]);
  });

  it('documents every contract call with its own codes under their statuses', () => {
    for (const call of contractCalls().values()) {
      const op = operations.get(call.id);
      // Development-only calls are in the document too: it is generated where the development doors are open.
      expect(op, call.id).toBeDefined();
      for (const code of call.errors ?? []) {
        expect(codesOf(call.id, ERROR_CATALOGUE[code].status), `${call.id} ${code}`).toContain(code);
      }
    }
    expect(operations.get('memberLogin')!.security).toEqual([{ csrfCookie: [], csrfHeader: [] }]);
    expect(codesOf('memberLogin', 400)).toEqual(expect.arrayContaining(['4000', '4002', '4005', '17', '4004']));
    expect(codesOf('memberLogin', 423)).toEqual(['4030']);
    expect(codesOf('memberLogin', 401)).toEqual([]);
    expect(codesOf('memberMe', 401)).toEqual(['401', '4001', '19', '4028']);
    expect(codesOf('memberMe', 403)).toEqual([]);
    expect(codesOf('health', 429)).toEqual([]);
    expect(codesOf('memberByEmail', 414)).toEqual(['414']);
    expect(codesOf('memberMe', 414)).toEqual([]);
  });
});
