import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog fetched the first time it opens (its form, inputs and rules), then kept mounted so it closes and opens
 * again with its transition. `load` names the module's component: `lazyDialog(() => import('./X').then((m) => m.X))`.
 */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    const [needed, setNeeded] = useState(false);
    if (!needed && props.opened) setNeeded(true);
    return needed ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  };
}
