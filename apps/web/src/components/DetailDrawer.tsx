import { Center, Drawer, type DrawerProps, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { toApiError } from '../lib/error-reader';
import { ErrorAlert } from './ErrorAlert';

export interface DetailDrawerProps<T> extends Pick<DrawerProps, 'size' | 'padding'> {
  opened: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  /** The detail's query (TanStack Query's result fits). */
  detail: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  errorTitle: string;
  children: (data: T) => ReactNode;
}

/** The detail of one row, in a drawer on the right: a spinner while it loads, its load error, or the detail. */
export function DetailDrawer<T>({
  opened,
  onClose,
  title,
  testId,
  detail,
  errorTitle,
  children,
  ...size
}: DetailDrawerProps<T>) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      {...size}
      title={
        <Text fw={700} fz="lg">
          {title}
        </Text>
      }
      data-testid={testId}
    >
      {detail.isPending ? (
        <Center py={80}>
          <Loader size="sm" />
        </Center>
      ) : detail.isError ? (
        <ErrorAlert error={toApiError(detail.error)} title={errorTitle} />
      ) : detail.data !== undefined ? (
        children(detail.data)
      ) : null}
    </Drawer>
  );
}
