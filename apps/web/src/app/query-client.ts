import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/error-reader';
import { handlesSessionItself, sessionEndedCode } from '../lib/session-end';

/** A 4xx will not change on retry (bad input, no session, no permission); network and 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export interface QueryClientOptions {
  /** Any call answered that the session is over (401, 4001, 5, 19, 4028). */
  onSessionEnded?: (code: string) => void;
}

export function createQueryClient({ onSessionEnded }: QueryClientOptions = {}): QueryClient {
  const sessionEnded = (error: unknown, meta: Record<string, unknown> | undefined) => {
    const code = sessionEndedCode(error);
    if (code && !handlesSessionItself(meta)) onSessionEnded?.(code);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => sessionEnded(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => sessionEnded(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
