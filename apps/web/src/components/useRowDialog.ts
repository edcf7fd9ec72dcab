import { useState } from 'react';
import type { ApiError } from '../lib/error-reader';
import { notifySuccess } from './notify';

/** What a row dialog needs of its mutation (TanStack Query's result fits). */
export interface RowMutation<V> {
  mutate: (variables: V, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: ApiError | null;
}

/**
 * A dialog about one row of a list (its permissions, its removal) whose work is one mutation. Opening it clears
 * the previous attempt's error; `run` sends the mutation and, once it succeeds, says so and closes the dialog.
 */
export function useRowDialog<Row, V>(mutation: RowMutation<V>) {
  const [row, setRow] = useState<Row | null>(null);
  const close = () => setRow(null);
  return {
    row,
    open: (next: Row) => {
      mutation.reset();
      setRow(next);
    },
    /** The dialog's own props: open while a row is chosen, busy and refused as the mutation is. */
    dialog: { opened: row !== null, onClose: close, pending: mutation.isPending, error: mutation.error },
    run: (variables: V, done: string) =>
      mutation.mutate(variables, {
        onSuccess: () => {
          notifySuccess(done);
          close();
        },
      }),
  };
}
