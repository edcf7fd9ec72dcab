import { type ComponentType, lazy, Suspense, useState } from 'react';

const openedProp = (props: object) => (props as { opened?: unknown }).opened === true;

/**
 * A dialog fetched the first time it opens (its form, inputs and rules), then kept mounted so it closes and opens
 * again with its transition. `load` names the module's component: `lazyDialog(() => import('./X').then((m) => m.X))`;
 * `isOpen` tells from the props when it is first needed (default: its `opened` prop).
 */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P>;
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P>;
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = openedProp,
): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    const [needed, setNeeded] = useState(false);
    if (!needed && isOpen(props)) setNeeded(true);
    return needed ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  };
}
