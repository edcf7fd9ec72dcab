import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { redirectOnSessionEnd } from './session-redirect';

export function App() {
  const [router] = useState(createAppRouter);
  const [queryClient] = useState(() => {
    // Any call anywhere that finds the session over sends the member to sign-in.
    const client = createQueryClient({ onSessionEnded: (code) => redirectOnSessionEnd(router, client, code) });
    return client;
  });
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
