import type { RouterLike } from './session-redirect';

/** The router as the query client sees it (outside the router's tree): where the app is and how to move. */
let current: RouterLike | null = null;

export function setRouterHandle(router: RouterLike): void {
  current = router;
}

export function routerHandle(): RouterLike | null {
  return current;
}
