import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
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
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <LocationProbe into={router} />
        <AppRoutes routes={routes} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, router };
}

function LocationProbe({ into }: { into: RouterView }) {
  into.state = { location: useLocation(), historyAction: useNavigationType() };
  return null;
}

export function jsonResponse(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
}
