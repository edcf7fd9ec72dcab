import { useEffect, useRef } from 'react';

/**
 * The contracts' `EVENTS_PATH`, repeated here: the contracts define it in the assets' call module, whose schemas (and
 * zod's core) every signed-in screen would otherwise load before drawing. event-stream.test.ts checks they agree.
 */
export const EVENTS_PATH = '/api/v1/events';
/** The contracts' `OPERATOR_EVENTS_PATH`, repeated for the same reason. */
export const OPERATOR_EVENTS_PATH = '/api/v1/operations/events';

/** Reconnect delays: doubled after each drop, from 1 second up to 30, back to 1 once connected. */
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

export function nextDelay(previous: number): number {
  return Math.min(RECONNECT_MAX_MS, Math.max(RECONNECT_MIN_MS, previous * 2));
}

type Listener = (data: unknown) => void;

/**
 * One connection to one of the server's event streams, shared by every listener of the page: notices of several
 * kinds arrive on the same stream, each under its own event name. The connection is opened with the first listener
 * and closed with the last (sign-out unmounts them all).
 */
function eventStream(path: string) {
  const listeners = new Map<string, Set<Listener>>();
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = 0;

  function count(): number {
    let total = 0;
    for (const set of listeners.values()) total += set.size;
    return total;
  }

  function dispatch(name: string, event: Event) {
    let data: unknown;
    try {
      data = JSON.parse((event as MessageEvent<string>).data);
    } catch {
      return;
    }
    for (const listener of [...(listeners.get(name) ?? [])]) listener(data);
  }

  const forwarders = new Map<string, (event: Event) => void>();

  function listen(name: string) {
    if (!source || forwarders.has(name)) return;
    const forward = (event: Event) => dispatch(name, event);
    forwarders.set(name, forward);
    source.addEventListener(name, forward);
  }

  function connect() {
    timer = undefined;
    forwarders.clear();
    source = new EventSource(path, { withCredentials: true });
    source.addEventListener('open', () => {
      delay = 0;
    });
    for (const name of listeners.keys()) listen(name);
    // The browser's own retry stops for good when the server answers an error status: every drop is retried here.
    source.addEventListener('error', () => {
      source?.close();
      source = null;
      if (count() === 0) return;
      delay = nextDelay(delay);
      timer = setTimeout(connect, delay);
    });
  }

  function disconnect() {
    clearTimeout(timer);
    timer = undefined;
    source?.close();
    source = null;
    forwarders.clear();
    delay = 0;
  }

  /** Adds a listener of one event name; the returned function removes it. */
  return function subscribe(name: string, listener: Listener): () => void {
    if (typeof EventSource === 'undefined') return () => {};
    const set = listeners.get(name) ?? new Set<Listener>();
    listeners.set(name, set);
    set.add(listener);
    if (source) listen(name);
    else if (!timer) connect();
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(name);
      if (count() === 0) disconnect();
    };
  };
}

/** The signed-in member's stream (`GET /api/v1/events`). */
export const subscribeEvent = eventStream(EVENTS_PATH);
/** The signing operators' stream (`GET /api/v1/operations/events`): `event: signing`. */
const subscribeOperatorEvent = eventStream(OPERATOR_EVENTS_PATH);

function useStreamEvent(
  subscribe: typeof subscribeEvent,
  name: string,
  onEvent: (data: unknown) => void,
  enabled: boolean,
): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!enabled) return;
    return subscribe(name, (data) => handler.current(data));
  }, [subscribe, name, enabled]);
}

/** Listens to one event of the member's stream while mounted; the handler gets the event's parsed JSON data. */
export function useServerEvent(name: string, onEvent: (data: unknown) => void, enabled = true): void {
  useStreamEvent(subscribeEvent, name, onEvent, enabled);
}

/** Listens to one event of the signing operators' stream while mounted (and `enabled`). */
export function useOperatorEvent(name: string, onEvent: (data: unknown) => void, enabled = true): void {
  useStreamEvent(subscribeOperatorEvent, name, onEvent, enabled);
}
