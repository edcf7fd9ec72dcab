import { meCall } from '@vaultline/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { ME_PATH, startEarlySession, takeEarlySession } from './early-session';

afterEach(() => {
  vi.unstubAllGlobals();
  takeEarlySession();
});

describe('early session', () => {
  it('asks the same path as the session call', () => {
    expect(ME_PATH).toBe(meCall.path);
  });

  it('asks on a dashboard path only, once, and gives its answer once', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ id: 'me' }));
    vi.stubGlobal('fetch', fetchMock);
    startEarlySession('/account/login');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarlySession()).toBeNull();
    startEarlySession('/dashboard/assets');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await takeEarlySession()).toEqual({ id: 'me' });
    expect(takeEarlySession()).toBeNull();
  });

  it('answers null for a refusal or a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: '401' }, 401)),
    );
    startEarlySession('/dashboard');
    expect(await takeEarlySession()).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('offline'))),
    );
    startEarlySession('/dashboard');
    expect(await takeEarlySession()).toBeNull();
  });
});
