import { lazy, Suspense, useEffect, useState } from 'react';

const ModalsProvider = lazy(() => import('@mantine/modals').then((m) => ({ default: m.ModalsProvider })));

let mount: (() => void) | null = null;
let ready: Promise<void> | null = null;
let markReady: (() => void) | null = null;

/**
 * Resolves once the confirmation dialogs' host is up: fetched and mounted by the first `confirmAction` (confirm.tsx),
 * so a screen that never asks for a confirmation never loads it.
 */
export function whenConfirmHostReady(): Promise<void> {
  if (!ready) {
    ready = new Promise((resolve) => {
      markReady = resolve;
    });
    mount?.();
  }
  return ready;
}

/** Marks the host ready after the provider's own effects (its event listeners) have run. */
function Ready() {
  useEffect(() => {
    const id = setTimeout(() => markReady?.(), 0);
    return () => clearTimeout(id);
  }, []);
  return null;
}

/**
 * Where `modals.openConfirmModal` draws (Mantine's ModalsProvider, without children: it listens for the calls).
 * Mounted once in the dashboard's layout; it loads nothing until a confirmation is asked for.
 */
export function ConfirmHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    mount = () => setNeeded(true);
    // Asked for before this mounted (or by a previous layout): mount now.
    if (ready) setNeeded(true);
    return () => {
      mount = null;
      ready = null;
      markReady = null;
    };
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <ModalsProvider>
        <Ready />
      </ModalsProvider>
    </Suspense>
  ) : null;
}
