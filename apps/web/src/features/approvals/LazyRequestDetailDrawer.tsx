import { lazy, Suspense, useState } from 'react';
import type { RequestDetailDrawerProps } from './RequestDetailDrawer';

const Drawer = lazy(() => import('./RequestDetailDrawer').then((m) => ({ default: m.RequestDetailDrawer })));

/**
 * A request's detail drawer, fetched (with its progress, decisions and request renderers) when a request is first
 * opened; it stays mounted from then on, so it closes and opens again with its transition.
 */
export function RequestDetailDrawer(props: RequestDetailDrawerProps) {
  const [needed, setNeeded] = useState(false);
  if (!needed && props.requestId) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  ) : null;
}
