import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { i18n } from '../i18n';
import { whenConfirmHostReady } from './ConfirmHost';

export interface ConfirmOptions {
  title: string;
  /** What is about to happen, in a sentence. */
  body: ReactNode;
  confirmLabel: string;
  /** Defaults to "Cancel". */
  cancelLabel?: string;
  color: 'red' | 'orange';
  confirmTestId: string;
  onConfirm: () => void;
}

/** Asks before a step that is not taken back lightly (a removal, a cancellation). */
export function confirmAction({
  title,
  body,
  confirmLabel,
  cancelLabel,
  color,
  confirmTestId,
  onConfirm,
}: ConfirmOptions) {
  // The dialog's host (and the modal it draws) is fetched with the first confirmation asked for.
  void whenConfirmHostReady().then(() =>
    modals.openConfirmModal({
      title,
      centered: true,
      radius: 'lg',
      children: <Text size="sm">{body}</Text>,
      labels: { confirm: confirmLabel, cancel: cancelLabel ?? i18n.t('common.cancel') },
      confirmProps: { color, 'data-testid': confirmTestId } as Record<string, unknown>,
      onConfirm,
    }),
  );
}
