import { Group, Paper } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { DataTable, type DataTableProps } from './DataTable';
import { ListFooter, ListPagination } from './ListFooter';
import { type ListQuery, ListState, type ListStateProps } from './ListState';

export interface ListPaging {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** The total of the last answer; 0 before the first. */
  total: number;
  /** The foot also says the total, in these words (otherwise the total stands in the header, if anywhere). */
  totalLabel?: string;
  totalTestId?: string;
}

/**
 * The page a paged list shows. `withFirstPage` wraps a filter's setter: a new search or filter shows the first
 * page of what it finds, never a page past its end. `paging` gives a `ListPanel` its foot for the last answer's
 * total (undefined before the first answer).
 */
export function useListPage(pageSize: number) {
  const [page, setPage] = useState(1);
  const withFirstPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const paging = (
    total: number | undefined,
    foot?: { label: (count: number) => string; testId?: string },
  ): ListPaging => ({
    page,
    pages: Math.max(1, Math.ceil((total ?? 0) / pageSize)),
    onPageChange: setPage,
    total: total ?? 0,
    totalLabel: foot?.label(total ?? 0),
    totalTestId: foot?.testId,
  });
  return { page, withFirstPage, paging };
}

export interface ListPanelProps<T> extends Omit<ListStateProps<T>, 'headless' | 'query' | 'items'> {
  testId: string;
  /** The list's query; its answer carries the items (TanStack Query's result of a list call fits). */
  query: ListQuery & { data?: { items: readonly T[] } };
  /** Above the list: usually a `ListToolbar`, or a `PanelHeader`. */
  header?: ReactNode;
  /** The items in a `DataTable` of these columns: `children` then gives the rows. */
  table?: Omit<DataTableProps, 'children'>;
  paging?: ListPaging;
}

/** A list in a bordered panel: its header, the list's state (error, loading, empty, or the items), and paging. */
export function ListPanel<T>({ testId, header, query, table, paging, children, ...list }: ListPanelProps<T>) {
  return (
    <Paper withBorder radius="lg" bg="white" data-testid={testId}>
      {header}
      <ListState headless={!header} query={query} items={query.data?.items} {...list}>
        {table ? (items) => <DataTable {...table}>{children(items)}</DataTable> : children}
      </ListState>
      {paging ? <ListPanelFoot {...paging} /> : null}
    </Paper>
  );
}

function ListPanelFoot({ page, pages, onPageChange, total, totalLabel, totalTestId }: ListPaging) {
  if (totalLabel === undefined) return <ListPagination page={page} pages={pages} onPageChange={onPageChange} />;
  return (
    <ListFooter
      label={totalLabel}
      total={total}
      page={page}
      pages={pages}
      onPageChange={onPageChange}
      testId={totalTestId}
    />
  );
}

/** The row above a list: search and filters on the left, a total or an action on the right. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Group justify="space-between" p="md" gap="sm">
      {children}
    </Group>
  );
}
