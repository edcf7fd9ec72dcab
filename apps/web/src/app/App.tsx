import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes } from './route-loading';
import { routes } from './router';
import { setRouterHandle } from './router-handle';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <RouterHandle />
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </AppProviders>
  );
}

/** Lends the query client (outside the router) the current location and a way to navigate. */
function RouterHandle() {
  const location = useLocation();
  const navigate = useNavigate();
  setRouterHandle({ state: { location }, navigate });
  return null;
}
