import {
  EVENTS_PATH as CONTRACT_EVENTS_PATH,
  OPERATOR_EVENTS_PATH as CONTRACT_OPERATOR_EVENTS_PATH,
} from '@vaultline/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubEventSource, TestEventSource } from '../test/event-source';
import { EVENTS_PATH, OPERATOR_EVENTS_PATH, subscribeEvent } from './event-stream';

describe('the shared event stream', () => {
  beforeEach(() => {
    stubEventSource();
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
