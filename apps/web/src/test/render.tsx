import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigationType,
  type RouteObject,
  useLocation,
  useNavigationType,
} from 'react-router';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/route-loading';
import { holdQueryClient } from '../lib/query-client-holder';

/** What a test reads of the router: where it is and how it got there. */
export interface RouterView {
  state: { location: Location; historyAction: NavigationType };
}

/**
 * Renders routes at a URL inside the app's providers, drawn as the app draws them (`AppRoutes`); the returned
 * `router` shows the current location.
 */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = { state: {} } as RouterView;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  holdQueryClient(queryClient);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AppProviders>
        <MemoryRouter initialEntries={[url]}>
          <LocationProbe into={router} />
          <AppRoutes routes={routes} />
        </MemoryRouter>
      </AppProviders>
    </QueryClientProvider>,
  );
  return { ...view, router };
}

/**
 * The app's providers as a test needs them: language and theme, and a query client of the test's own (the app
 * opens its own around the screens that fetch; a component rendered alone gets this one).
 */
export function TestProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  );
  holdQueryClient(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AppProviders>{children}</AppProviders>
    </QueryClientProvider>
  );
}

function LocationProbe({ into }: { into: RouterView }) {
  into.state = { location: useLocation(), historyAction: useNavigationType() };
  return null;
}

export function jsonResponse(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
}
