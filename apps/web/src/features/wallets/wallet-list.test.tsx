import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectCursorOnNext } from '../../test/cursor-list';
import { apiError, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/render';
import { useWalletList } from './api';

const LIST = '/api/v1/organizations/wallets';

describe('wallet list paging', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the next page by the cursor of the one shown, for any other page by its number', async () => {
    await expectCursorOnNext(LIST, (page) => useWalletList({ blockchain: null, search: '', page }));
  });

  it('asks for the page by its number when the server refuses the cursor (its row gone meanwhile)', async () => {
    const api = await fakeApi({
      [`POST ${LIST}`]: (call) => {
        const { page, after } = call.body as { page: number; after?: string };
        if (after) return apiError('4000');
        return jsonResponse({ items: [], page, size: 20, total: 100, partial: false, nextCursor: `c${page}` });
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const view = renderHook(({ page }) => useWalletList({ blockchain: null, search: '', page }), {
      initialProps: { page: 1 },
      wrapper,
    });
    await waitFor(() => expect(view.result.current.data?.page).toBe(1));
    view.rerender({ page: 2 });
    await waitFor(() => expect(view.result.current.data?.page).toBe(2));
    expect(view.result.current.isError).toBe(false);
    expect(api.callsTo(LIST).map((c) => c.body)).toMatchObject([{ page: 1 }, { page: 2, after: 'c1' }, { page: 2 }]);
    expect(api.callsTo(LIST).at(-1)?.body).not.toHaveProperty('after');
  });
});
