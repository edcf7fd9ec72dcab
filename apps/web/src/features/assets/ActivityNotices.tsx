import { useQueryClient } from '@tanstack/react-query';
import type { AssetActivity } from '@vaultline/contracts';
import { lazy, Suspense, useCallback, useReducer, useState } from 'react';
import { ASSETS_QUERY } from '../../lib/query-keys';
import { EMPTY_NOTICES, noticeReducer } from './notice-reducer';
import { useActivityStream } from './useActivityStream';

export type { NoticeDialogProps } from './NoticeDialog';

/** The dialog (its chain, amount and date helpers) is fetched with the first notice: most visits never show one. */
const NoticeDialog = lazy(() => import('./NoticeDialog').then((m) => ({ default: m.NoticeDialog })));

/**
 * Live deposit and withdrawal notices for the signed-in member: every event refreshes balances and
 * activity lists, and deposits and withdrawals stack in one dialog until dismissed.
 */
export function ActivityNotices() {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(noticeReducer, EMPTY_NOTICES);
  const onActivity = useCallback(
    (activity: AssetActivity) => {
      void queryClient.invalidateQueries({ queryKey: ASSETS_QUERY });
      dispatch({ type: 'received', activity });
    },
    [queryClient],
  );
  useActivityStream(onActivity);
  // Once fetched it stays mounted, so the dialog closes with its transition like any other.
  const [needed, setNeeded] = useState(false);
  if (!needed && state.notices.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NoticeDialog
        notices={state.notices}
        onDismiss={(activityId) => dispatch({ type: 'dismiss', activityId })}
        onDismissAll={() => dispatch({ type: 'dismissAll' })}
      />
    </Suspense>
  );
}
