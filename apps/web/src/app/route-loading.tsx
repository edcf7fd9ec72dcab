import { Center, Loader } from '@mantine/core';
import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { ErrorPage } from './pages/ErrorPage';

/** What `lazyRoute` keeps on a route object: the fetch of its code, shared by React.lazy and the preload. */
interface LazyHandle {
  preload: () => Promise<unknown>;
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      // A failed fetch (a new deployment, the network) is tried again on the next visit, not remembered.
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

let allRoutes: RouteObject[] = [];

/**
 * Starts fetching the code of every route the path matches (layout and page together), so a nested lazy page does
 * not wait for its layout's code to arrive and render before its own fetch starts.
 */
export function preloadPath(pathname: string): void {
  for (const match of matchRoutes(allRoutes, pathname) ?? []) {
    void (match.route.handle as LazyHandle | undefined)?.preload().catch(() => undefined);
  }
}

/**
 * A route whose component is fetched the first time it renders. When it renders, the whole current path is
 * preloaded first, so the layout and the page load in parallel.
 */
export function lazyRoute<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): Pick<RouteObject, 'element' | 'handle'> {
  const preload = once(load);
  const Screen = lazy(async () => {
    preloadPath(window.location.pathname);
    return { default: pick(await preload()) };
  });
  const handle: LazyHandle = { preload };
  return { element: <Screen />, handle };
}

function PageLoader() {
  return (
    <Center mih="60vh">
      <Loader size="sm" />
    </Center>
  );
}

/** Any error thrown while loading or drawing a screen shows the error page, until the member goes elsewhere. */
class ScreenErrorBoundary extends Component<
  { children: ReactNode; pathname: string },
  { error: unknown; pathname: string }
> {
  override state = { error: undefined as unknown, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown') };
  }

  // A new path starts clean: the error page of one screen does not stick to the next (layouts stay mounted).
  static getDerivedStateFromProps(props: { pathname: string }, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { error: undefined, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <ErrorPage />;
  }
}

/** The screens of `routes` at the current location: lazy code behind one loader, errors behind the error page. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  allRoutes = routes;
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return (
    <ScreenErrorBoundary pathname={pathname}>
      <Suspense fallback={<PageLoader />}>{element}</Suspense>
    </ScreenErrorBoundary>
  );
}
