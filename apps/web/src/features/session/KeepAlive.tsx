import { lazy, Suspense, useState } from 'react';
import type { KeepAliveDialogProps } from './KeepAliveDialog';
import { useRemainingMs } from './session-clock';

const KeepAliveDialog = lazy(() => import('./KeepAliveDialog').then((m) => ({ default: m.KeepAliveDialog })));

/** How long before the notice window the dialog's code is fetched, so that it opens on time. */
export const KEEP_ALIVE_PRELOAD_MS = 60_000;

/**
 * The keep-alive dialog, fetched only when the session nears its notice window (a session that is kept busy never
 * needs it). From then on it stays mounted and does all the work: it opens, counts down, asks the server at the
 * notice and ends the session at zero (a late arrival catches up at once: its checks run as it mounts).
 */
export function KeepAlive(props: KeepAliveDialogProps) {
  const remaining = useRemainingMs(props.timer);
  const [needed, setNeeded] = useState(false);
  if (!needed && remaining <= props.timer.noticeSeconds * 1000 + KEEP_ALIVE_PRELOAD_MS) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <KeepAliveDialog {...props} />
    </Suspense>
  ) : null;
}
