import { type QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { holdQueryClient } from '../lib/query-client-holder';
import { createQueryClient } from './query-client';
import { routerHandle } from './router-handle';
import { redirectOnSessionEnd } from './session-redirect';

let client: QueryClient | undefined;

/** The one query client of the app, made when the first screen that fetches data opens. */
export function appQueryClient(): QueryClient {
  if (!client) {
    const made = createQueryClient({
      // Any call anywhere that finds the session over sends the member to sign-in.
      onSessionEnded: (code) => {
        const router = routerHandle();
        if (router) redirectOnSessionEnd(router, made, code);
      },
    });
    client = made;
    holdQueryClient(made);
  }
  return client;
}

/**
 * The data layer (TanStack Query) around the screens that fetch through it: the dashboard and every account screen
 * but sign-in, which draws without the library (about 10 KB gzip less on the first visit). A client given from
 * outside (tests) is kept.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
