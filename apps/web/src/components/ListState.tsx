import { Box, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { toApiError } from '../lib/error-reader';
import { ErrorAlert } from './ErrorAlert';
import { PageEmptyState } from './PageEmptyState';

/** What a list needs to know of its query (TanStack Query's result fits). */
export interface ListQuery {
  isError: boolean;
  isPending: boolean;
  error: unknown;
}

export interface ListStateProps<T> {
  query: ListQuery;
  /** The loaded items; undefined until the first answer. */
  items: readonly T[] | undefined;
  errorTitle: string;
  /** The placeholder when there is nothing to show (the caller picks the "no match" texts when filtered). */
  empty: { title: string; description: string; icon?: ReactNode };
  /** Height of the loading area above and below the spinner. */
  loaderPy?: number;
  /** No header row above the list: the error needs its own top padding. */
  headless?: boolean;
  /**
   * Keep showing the last loaded items under the error when a refetch fails (paged lists that keep
   * the previous page); otherwise the error takes the list's place.
   */
  keepItemsOnError?: boolean;
  /** Renders the loaded, non-empty items (usually a `DataTable`). */
  children: (items: readonly T[]) => ReactNode;
}

/** The body of a list panel: the load error, a spinner while loading, the empty state, or the items. */
export function ListState<T>({
  query,
  items,
  errorTitle,
  empty,
  loaderPy = 48,
  headless = false,
  keepItemsOnError = false,
  children,
}: ListStateProps<T>) {
  const error = query.isError ? (
    <Box px="md" pb="md" pt={headless ? 'md' : 0}>
      <ErrorAlert error={toApiError(query.error)} title={errorTitle} />
    </Box>
  ) : null;
  if (error && !keepItemsOnError) return error;
  return (
    <>
      {error}
      {query.isPending ? (
        <Center py={loaderPy}>
          <Loader size="sm" />
        </Center>
      ) : !items ? null : items.length === 0 ? (
        <PageEmptyState title={empty.title} description={empty.description} icon={empty.icon} />
      ) : (
        children(items)
      )}
    </>
  );
}
