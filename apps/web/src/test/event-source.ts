import { vi } from 'vitest';

/** A stand-in for the browser's EventSource (happy-dom has none): the test plays the server's part. */
export class TestEventSource {
  static all: TestEventSource[] = [];
  readonly listeners = new Map<string, ((event: Event) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    TestEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  /** The server sends `event: <type>` with `data` as JSON; without data, a plain event (open, error). */
  emit(type: string, data?: unknown) {
    const event = data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** Replaces EventSource for one test (beforeEach); `vi.unstubAllGlobals()` puts it back. */
export function stubEventSource() {
  TestEventSource.all = [];
  vi.stubGlobal('EventSource', TestEventSource);
}
