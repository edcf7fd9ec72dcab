import { type MantineSpacing, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './DataTable.module.css';

/**
 * A header cell: its label, or the label with a fixed width, right-aligned (amounts), or read only by screen
 * readers (an actions column). A column without a label is a blank, fixed-width one.
 */
export type DataColumn = string | { label?: string; w?: number; align?: 'right'; srOnly?: boolean };

export interface DataTableProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The header cells, left to right; `null` or `false` leaves out a column that is not shown. */
  columns: readonly (DataColumn | null | false)[];
  /** The rows (`Table.Tr`). */
  children: ReactNode;
  testId?: string;
  highlightOnHover?: boolean;
  verticalSpacing?: MantineSpacing;
}

/** The dashboard's list table: scrolls when narrow, a grey header row, then the rows. */
export function DataTable({
  minWidth,
  columns,
  children,
  testId,
  highlightOnHover = true,
  verticalSpacing = 'sm',
}: DataTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        verticalSpacing={verticalSpacing}
        horizontalSpacing="md"
        highlightOnHover={highlightOnHover}
        className={classes.table}
        data-testid={testId}
      >
        <Table.Thead bg="gray.0">
          <Table.Tr>
            {columns.map((column, i) => {
              if (!column) return null;
              const { label, w, align, srOnly } = typeof column === 'string' ? { label: column } : column;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the header row is fixed, its cells never move.
                <Table.Th key={i} w={w} ta={align}>
                  {srOnly ? <VisuallyHidden>{label}</VisuallyHidden> : label}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
