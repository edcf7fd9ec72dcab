import type { QueryClient } from '@tanstack/react-query';
import { PATHS } from '../lib/paths';
import { sessionEndedLoginSearch } from '../lib/session-end';

export interface RouterLike {
  state: { location: { pathname: string; search: string } };
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
}

/**
 * Where a session-ended answer leads: from a dashboard screen to sign-in with the reason and the
 * way back. On the account screens (sign-in itself, logout, reset links) there is nothing to leave.
 */
export function redirectOnSessionEnd(router: RouterLike, queryClient: QueryClient | null, code: string): boolean {
  const { pathname, search } = router.state.location;
  if (pathname !== PATHS.dashboard && !pathname.startsWith(`${PATHS.dashboard}/`)) return false;
  void router.navigate(`${PATHS.login}${sessionEndedLoginSearch(code, `${pathname}${search}`)}`, { replace: true });
  queryClient?.removeQueries({ queryKey: ['session'] });
  return true;
}
