import type { Me, OperatorRole } from '@vaultline/contracts';
import { type MockInstance, vi } from 'vitest';
import { makeTestKeyPair } from './keys';
import { jsonResponse } from './render';

export const MEMBER_ID = '0b6f7c1e-8a4d-4e2b-9f3a-2c5d7e9f1a3b';

/** A signed-in member whose session ends in 30 minutes, with a 60-second notice. */
export function fakeMe(overrides: Partial<Me> = {}): Me {
  return {
    id: MEMBER_ID,
    kind: 'MEMBER',
    email: 'owner@demo.vaultline.local',
    firstName: 'Minji',
    lastName: 'Kim',
    userName: 'Minji Kim',
    language: 'KO',
    organization: { id: '6a1f3c2e-1b4d-4c5e-9f7a-3b2c1d0e9f8a', name: 'Demo Custody' },
    operatorRole: null,
    permissions: ['OWNER'],
    passphraseExpiresAt: null,
    sessionExpiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    sessionNoticeSeconds: 60,
    ...overrides,
  };
}

/** A signed-in operator (no organization, no member permissions) with the given console role. */
export function fakeOperatorMe(operatorRole: OperatorRole = 'ADMINISTRATOR'): Me {
  return fakeMe({
    kind: 'OPERATOR',
    email: 'operator.a@vaultline.local',
    organization: null,
    operatorRole,
    permissions: [],
  });
}

export const apiError = (code: string, status = 400, data: unknown = null) =>
  jsonResponse({ code, message: `error ${code}`, data }, status);

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: FakeCall) => Response | Promise<Response>;

let keys: Awaited<ReturnType<typeof makeTestKeyPair>> | undefined;
export async function testKeys() {
  keys ??= await makeTestKeyPair();
  return keys;
}

/**
 * Stubs `fetch` with handlers keyed 'METHOD /path' (path without query). The public key, the
 * signed-in account and the token check answer by default; anything else is a coded 404.
 */
export async function fakeApi(handlers: Record<string, Handler> = {}) {
  const { pem } = await testKeys();
  const calls: FakeCall[] = [];
  const defaults: Record<string, Handler> = {
    'GET /api/v1/auth/public-key': () => jsonResponse({ keyId: 'k1', algorithm: 'RSA-OAEP-256', publicKey: pem }),
    'GET /api/v1/organization/members/me': () => jsonResponse(fakeMe()),
    [`POST /api/v1/organization/members/${MEMBER_ID}/token/verify`]: () => {
      const me = fakeMe();
      return jsonResponse({
        valid: true,
        sessionExpiresAt: me.sessionExpiresAt,
        sessionNoticeSeconds: 60,
        now: new Date().toISOString(),
      });
    },
  };
  const all = { ...defaults, ...handlers };
  const spy: MockInstance<typeof fetch> = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const handler = all[`${call.method} ${call.path}`];
    return handler ? handler(call) : apiError('404', 404);
  });
  return { spy, calls, callsTo: (path: string) => calls.filter((c) => c.path.endsWith(path)) };
}
