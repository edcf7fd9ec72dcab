import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { LineEditorFormProps } from './LineEditorForm';

const Form = lazy(() => import('./LineEditorForm').then((m) => ({ default: m.LineEditorForm })));

/** The approval-line editor (its number, member and group inputs), fetched when editing starts. */
export function LineEditorForm(props: LineEditorFormProps) {
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      }
    >
      <Form {...props} />
    </Suspense>
  );
}
