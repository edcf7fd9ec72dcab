import {
  EVENTS_PATH as CONTRACT_EVENTS_PATH,
  OPERATOR_EVENTS_PATH as CONTRACT_OPERATOR_EVENTS_PATH,
} from '@vaultline/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENTS_PATH, OPERATOR_EVENTS_PATH, subscribeEvent } from './event-stream';

/** A stand-in for the browser's EventSource (happy-dom has none): the test plays the server's part. */
class TestEventSource {
  static all: TestEventSource[] = [];
  closed = false;
  private listeners = new Map<string, ((event: Event) => void)[]>();
  constructor(readonly url: string) {
    TestEventSource.all.push(this);
  }
  addEventListener(name: string, listener: (event: Event) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data?: unknown) {
    const event = Object.assign(new Event(name), { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(name) ?? []) listener(event);
  }
}

describe('the shared event stream', () => {
  beforeEach(() => {
    TestEventSource.all = [];
    vi.stubGlobal('EventSource', TestEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens one connection for every event name, dispatches each to its listeners, and closes with the last', () => {
    const activities: unknown[] = [];
    const requests: unknown[] = [];
    const stopActivity = subscribeEvent('activity', (data) => activities.push(data));
    const stopRequest = subscribeEvent('request', (data) => requests.push(data));
    expect(TestEventSource.all).toHaveLength(1);
    const source = TestEventSource.all[0] as TestEventSource;
    source.emit('request', { id: 'r1', status: 'COMPLETE' });
    source.emit('activity', { kind: 'activity' });
    expect(requests).toEqual([{ id: 'r1', status: 'COMPLETE' }]);
    expect(activities).toEqual([{ kind: 'activity' }]);
    stopActivity();
    expect(source.closed).toBe(false);
    stopRequest();
    expect(source.closed).toBe(true);
  });
});

describe('the event stream path', () => {
  it("is the contracts' own", () => {
    expect(EVENTS_PATH).toBe(CONTRACT_EVENTS_PATH);
    expect(OPERATOR_EVENTS_PATH).toBe(CONTRACT_OPERATOR_EVENTS_PATH);
  });
});
