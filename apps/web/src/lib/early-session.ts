/**
 * The contracts' `meCall.path`, repeated here: this module runs before any call definition (or zod) has arrived.
 * early-session.test.ts checks they agree.
 */
export const ME_PATH = '/api/v1/organization/members/me';

let early: Promise<unknown> | null = null;

/**
 * A dashboard's first question, asked as the page starts: who is signed in. The answer is otherwise asked once the
 * layout's code has run, a second or more into a first visit; asked here, it is on its way while the screen's code
 * arrives. Plain fetch, no definitions: the session query checks the answer with its schema when it takes it.
 */
export function startEarlySession(pathname: string): void {
  if (pathname !== '/dashboard' && !pathname.startsWith('/dashboard/')) return;
  early = fetch(ME_PATH, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
}

/** The early answer, once (a later read asks the server again); null when there is none or it was not a success. */
export function takeEarlySession(): Promise<unknown> | null {
  const taken = early;
  early = null;
  return taken;
}
