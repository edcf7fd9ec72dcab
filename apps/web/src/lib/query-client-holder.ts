/**
 * The app's query client once a screen that fetches data created it (app/query-scope.tsx), reachable without
 * importing the query library: the sign-in screen draws without it and still forgets the previous member's
 * session data when someone signs in.
 */
export interface HeldQueryClient {
  removeQueries(filters: { queryKey: readonly unknown[] }): void;
}

let held: HeldQueryClient | null = null;

export function holdQueryClient(client: HeldQueryClient): void {
  held = client;
}

export function heldQueryClient(): HeldQueryClient | null {
  return held;
}
