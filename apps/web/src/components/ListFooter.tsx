import { Group, Pagination, type PaginationProps, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's page picker with names for its arrow buttons (icons only, so a screen reader would hear "button"), in
 * the reader's language; page buttons read as their numbers.
 */
function PagePicker(props: Pick<PaginationProps, 'total' | 'value' | 'onChange' | 'radius'>) {
  const { t } = useTranslation();
  return (
    <Pagination
      {...props}
      size="sm"
      aria-label={t('pagination.label')}
      getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
    />
  );
}

/** The foot of a paged list: the translated total on the left, page numbers when there is more than one page. */
export function ListFooter({
  label,
  total,
  page,
  pages,
  onPageChange,
  testId,
}: {
  label: string;
  total: number;
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  testId?: string;
}) {
  if (total <= 0) return null;
  return (
    <Group justify="space-between" px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Text size="sm" c="dimmed" data-testid={testId}>
        {label}
      </Text>
      {pages > 1 ? <PagePicker total={pages} value={page} onChange={onPageChange} radius="md" /> : null}
    </Group>
  );
}

/** Page numbers centred under a list, only when there is more than one page. */
export function ListPagination({
  page,
  pages,
  onPageChange,
}: {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <Group justify="center" p="md">
      <PagePicker total={pages} value={page} onChange={onPageChange} />
    </Group>
  );
}
