import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { fakeApi } from './fake-api';
import { jsonResponse } from './render';

type Sent = { page: number; after?: string };

/**
 * Drives a cursor list hook through pages 1 → 2 (next: the cursor of page 1 is sent), then 5 (a jump) and 4 (back):
 * by page number only. The fake server answers 100 rows' worth of empty pages, each with its own cursor.
 */
export async function expectCursorOnNext(path: string, useList: (page: number) => UseQueryResult<unknown>) {
  const api = await fakeApi({
    [`POST ${path}`]: (call) => {
      const { page } = call.body as Sent;
      return jsonResponse({ items: [], page, size: 10, total: 100, partial: false, nextCursor: `after-page-${page}` });
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(({ page }) => useList(page), { initialProps: { page: 1 }, wrapper });
  const sent = () => api.callsTo(path).map((c) => c.body as Sent);
  const shows = async (page: number) =>
    waitFor(() => {
      expect(view.result.current.isPlaceholderData).toBe(false);
      expect((view.result.current.data as { page: number } | undefined)?.page).toBe(page);
    });

  await shows(1);
  expect(sent().at(-1)).not.toHaveProperty('after');
  view.rerender({ page: 2 });
  await shows(2);
  expect(sent().at(-1)).toMatchObject({ page: 2, after: 'after-page-1' });
  view.rerender({ page: 5 });
  await shows(5);
  expect(sent().at(-1)).toMatchObject({ page: 5 });
  expect(sent().at(-1)).not.toHaveProperty('after');
  view.rerender({ page: 4 });
  await shows(4);
  expect(sent().at(-1)).not.toHaveProperty('after');
  expect(sent().map((b) => b.page)).toEqual([1, 2, 5, 4]);
}
