import { useRef, useState } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { AppRoutes } from './route-loading';
import { routes } from './router';
import { type RouterLike, redirectOnSessionEnd } from './session-redirect';

export function App() {
  const router = useRef<RouterLike | null>(null);
  const [queryClient] = useState(() => {
    // Any call anywhere that finds the session over sends the member to sign-in.
    const client = createQueryClient({
      onSessionEnded: (code) => (router.current ? redirectOnSessionEnd(router.current, client, code) : false),
    });
    return client;
  });
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <RouterHandle target={router} />
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </AppProviders>
  );
}

/** Lends the query client (outside the router) the current location and a way to navigate. */
function RouterHandle({ target }: { target: { current: RouterLike | null } }) {
  const location = useLocation();
  const navigate = useNavigate();
  target.current = { state: { location }, navigate };
  return null;
}
