import { useSyncExternalStore } from 'react';

type Catalogue = typeof import('./error-catalogue-module');

let loaded: Catalogue | null = null;
let loading: Promise<Catalogue> | undefined;
const listeners = new Set<() => void>();

/**
 * The catalogue of error messages (spec section 8) is about 5 KB gzip that no screen needs to draw: it is fetched
 * right after the first draw (main.tsx) and with every call (api-client.ts), so any error a call answers is read
 * with it. Until it is here, an error shown from elsewhere (a code in the URL) waits for it (ErrorAlert).
 */
export function loadErrorCatalogue(): Promise<Catalogue> {
  loading ??= import('./error-catalogue-module').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // A failed fetch is tried again with the next call.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The catalogue once fetched, else null. */
export function errorCatalogue(): Catalogue | null {
  return loaded;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The catalogue for a component: it renders again when the catalogue arrives (and asks for it if nobody has). */
export function useErrorCatalogue(): Catalogue | null {
  const catalogue = useSyncExternalStore(subscribe, errorCatalogue, errorCatalogue);
  if (!catalogue) void loadErrorCatalogue().catch(() => undefined);
  return catalogue;
}
