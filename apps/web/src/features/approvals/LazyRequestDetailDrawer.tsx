import { lazyDialog } from '../../components/lazy-dialog';
import type { RequestDetailDrawerProps } from './RequestDetailDrawer';

/**
 * A request's detail drawer, fetched (with its progress, decisions and request renderers) when a request is first
 * opened; it stays mounted from then on, so it closes and opens again with its transition.
 */
export const RequestDetailDrawer = lazyDialog<RequestDetailDrawerProps>(
  () => import('./RequestDetailDrawer').then((m) => m.RequestDetailDrawer),
  (props) => Boolean(props.requestId),
);
