import { describe, expect, it, vi } from 'vitest';
import { readApiError } from '../lib/error-reader';
import { createQueryClient } from './query-client';
import { redirectOnSessionEnd } from './session-redirect';

const routerAt = (path: string) => {
  const [pathname, search = ''] = path.split('?');
  return { state: { location: { pathname: pathname ?? '', search: search ? `?${search}` : '' } }, navigate: vi.fn() };
};

describe('session redirect', () => {
  it('leaves a dashboard screen for sign-in with the reason and the way back', () => {
    const router = routerAt('/dashboard/wallets?tab=members');
    expect(redirectOnSessionEnd(router, null, '4001')).toBe(true);
    expect(router.navigate).toHaveBeenCalledWith(
      '/account/login?error=4001&redirect=%2Fdashboard%2Fwallets%3Ftab%3Dmembers',
      { replace: true },
    );
  });

  it('does nothing on the account screens', () => {
    const router = routerAt('/account/logout');
    expect(redirectOnSessionEnd(router, null, '401')).toBe(false);
    expect(router.navigate).not.toHaveBeenCalled();
  });

  it('is called by the query client for any query or mutation ending with a session code', async () => {
    const onSessionEnded = vi.fn();
    const client = createQueryClient({ onSessionEnded });
    const fail = (code: string, status: number) => () => Promise.reject(readApiError(status, { code, message: '' }));
    await client.fetchQuery({ queryKey: ['a'], queryFn: fail('4028', 401), retry: false }).catch(() => undefined);
    await client.fetchQuery({ queryKey: ['b'], queryFn: fail('4004', 400), retry: false }).catch(() => undefined);
    await client
      .fetchQuery({ queryKey: ['c'], queryFn: fail('19', 401), retry: false, meta: { sessionHandled: true } })
      .catch(() => undefined);
    const mutation = client.getMutationCache().build(client, { mutationFn: fail('5', 401) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(onSessionEnded.mock.calls).toEqual([['4028'], ['5']]);
  });
});
