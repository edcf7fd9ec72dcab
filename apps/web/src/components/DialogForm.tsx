import { Modal, type ModalProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  testId: string;
  /** Mounted only while open, so each opening starts from an empty form. */
  children: ReactNode;
}

/** A centred dialog holding a form that starts afresh every time the dialog opens. */
export function FormModal({ opened, onClose, title, size, testId, children }: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="lg" size={size} data-testid={testId}>
      {opened ? children : null}
    </Modal>
  );
}

export interface DialogFormProps {
  /** Runs on Enter or the submit button; the browser's own validation stays off, the form checks itself. */
  onSubmit: () => void;
  /** A dimmed sentence above the fields. */
  intro?: ReactNode;
  children: ReactNode;
}

/** A dialog's form: fields stacked with the usual spacing, submitted without a page load. */
export function DialogForm({ onSubmit, intro, children }: DialogFormProps) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">
        {intro ? (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        ) : null}
        {children}
      </Stack>
    </form>
  );
}
