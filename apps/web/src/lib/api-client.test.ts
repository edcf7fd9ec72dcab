import { MissingCallInputError, systemInfoCall, updateNameCall } from '@vaultline/contracts';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { i18n } from '../i18n';
import { jsonResponse } from '../test/render';
import { callApi, readCookie, toQueryString } from './api-client';
import { ApiError } from './error-reader';

function setCookie(cookie: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the client reads document.cookie, so the test writes it
  document.cookie = cookie;
}

const MEMBER_ID = '0b6f7c1e-8a4d-4e2b-9f3a-2c5d7e9f1a3b';

describe('callApi', () => {
  let fetchSpy: MockInstance<typeof fetch>;

  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(() => {
    fetchSpy.mockRestore();
  });

  it('rejects a missing path parameter before sending', async () => {
    const body = { userName: 'Kim', firstName: 'Minji', lastName: 'Kim' };
    await expect(callApi(updateNameCall, { params: {} as { memberId: string }, body })).rejects.toMatchObject({
      name: 'MissingCallInputError',
      part: 'path',
      field: 'memberId',
    });
    await expect(callApi(updateNameCall, { params: { memberId: '' }, body })).rejects.toBeInstanceOf(
      MissingCallInputError,
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('rejects a missing body before sending', async () => {
    await expect(callApi(updateNameCall, { params: { memberId: MEMBER_ID } })).rejects.toMatchObject({
      name: 'MissingCallInputError',
      part: 'body',
    });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends JSON with the language header and parses the answer', async () => {
    const info = {
      name: 'Vaultline',
      version: '0.1.0',
      environment: 'local',
      production: false,
      timezone: 'Asia/Seoul',
      sessionMinutes: 30,
      languages: ['EN', 'KO'],
      defaultLanguage: 'KO',
    };
    fetchSpy.mockResolvedValue(jsonResponse(info));
    await i18n.changeLanguage('en');
    expect(await callApi(systemInfoCall)).toEqual(info);
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/v1/system/info');
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', credentials: 'same-origin', body: undefined });

    fetchSpy.mockResolvedValue(jsonResponse({ code: '7', message: 'mismatch' }, 400));
    const body = { userName: 'Kim', firstName: 'Minji', lastName: 'Kim' };
    await callApi(updateNameCall, { params: { memberId: 'a b' }, body }).catch(() => undefined);
    const [url, init] = fetchSpy.mock.calls[1] ?? [];
    expect(url).toBe('/api/v1/organization/members/a%20b/name');
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'same-origin', body: JSON.stringify(body) });
    expect(init?.headers).toMatchObject({ 'Accept-Language': 'en', 'Content-Type': 'application/json' });
  });

  it('sends the current CSRF cookie with state-changing calls only', async () => {
    fetchSpy.mockResolvedValue(jsonResponse({ code: '7', message: 'mismatch' }, 400));
    const body = { userName: 'Kim', firstName: 'Minji', lastName: 'Kim' };
    setCookie('vl_csrf=first-token; path=/');
    await callApi(updateNameCall, { params: { memberId: MEMBER_ID }, body }).catch(() => undefined);
    // Rotated (as at login): the next call sends the new value.
    setCookie('vl_csrf=second%20token; path=/');
    await callApi(updateNameCall, { params: { memberId: MEMBER_ID }, body }).catch(() => undefined);
    await callApi(systemInfoCall).catch(() => undefined);
    const headers = fetchSpy.mock.calls.map(([, init]) => init?.headers as Record<string, string>);
    expect(headers[0]?.['x-csrf-token']).toBe('first-token');
    expect(headers[1]?.['x-csrf-token']).toBe('second token');
    expect(headers[2]).not.toHaveProperty('x-csrf-token');
    setCookie('vl_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
  });

  it('reads one cookie among others', () => {
    expect(readCookie('vl_csrf', 'a=1; vl_csrf=abc; b=2')).toBe('abc');
    expect(readCookie('vl_csrf', 'vl_csrf_old=x')).toBeUndefined();
    expect(readCookie('vl_csrf', '')).toBeUndefined();
  });

  it('serializes the query and leaves out empty values', () => {
    expect(toQueryString({ hasToken: true, blockchain: ['BITCOIN', 'SOLANA'], page: 2 })).toBe(
      '?hasToken=true&blockchain=BITCOIN&blockchain=SOLANA&page=2',
    );
    expect(toQueryString({ a: undefined, b: null, c: '' })).toBe('');
    expect(toQueryString(undefined)).toBe('');
  });

  it('turns a non-2xx answer into a translated ApiError', async () => {
    fetchSpy.mockResolvedValue(jsonResponse({ code: '404', message: 'Not Found', data: null }, 404, 'Not Found'));
    const error = await callApi(systemInfoCall).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: '404', status: 404, message: '요청한 항목을 찾을 수 없습니다.' });
  });

  it('turns a network failure into an unknown error with the raw message', async () => {
    fetchSpy.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await callApi(systemInfoCall).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '0', status: 0, rawMessage: 'Failed to fetch' });
    expect((error as ApiError).message).toContain('Failed to fetch');
  });

  it('refuses an answer the contract does not describe', async () => {
    fetchSpy.mockResolvedValue(jsonResponse({ unexpected: true }));
    await expect(callApi(systemInfoCall)).rejects.toBeInstanceOf(ApiError);
  });
});
