import { type MantineSpacing, Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DataTableProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The header cells (`Table.Th`). */
  head: ReactNode;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
  testId?: string;
  highlightOnHover?: boolean;
  verticalSpacing?: MantineSpacing;
}

/** The dashboard's list table: scrolls when narrow, a grey header row, then the rows. */
export function DataTable({
  minWidth,
  head,
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
        data-testid={testId}
      >
        <Table.Thead bg="gray.0">
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
