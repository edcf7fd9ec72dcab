import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { fakeApi } from '../../test/fake-api';
import { jsonResponse, renderRoutes } from '../../test/render';
import { activity } from './testing';

// Notices are checked against the contract: ids must be real uuids.
const A = '0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a0a';
const B = '0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b';
const C = '0c0c0c0c-0c0c-4c0c-8c0c-0c0c0c0c0c0c';

import { stubEventSource, TestEventSource } from '../../test/event-source';
import { nextDelay, RECONNECT_MAX_MS } from './useActivityStream';

describe('live activity notices', () => {
  beforeEach(() => {
    stubEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('stacks deposit notices in one dialog, refreshes balances, and can be dismissed', async () => {
    const api = await fakeApi({
      'POST /api/v1/balances/organizations': () => jsonResponse({ items: [], unregistered: [], partial: false }),
      'POST /api/v1/asset-activities/organizations': () =>
        jsonResponse({ items: [], page: 1, size: 10, total: 0, partial: false, nextCursor: null }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/assets');
    await waitFor(() => expect(TestEventSource.all).toHaveLength(1));
    const source = TestEventSource.all[0] as TestEventSource;
    expect(source.url).toBe('/api/v1/events');
    await waitFor(() => expect(api.callsTo('/balances/organizations')).toHaveLength(1));

    act(() => source.emit('activity', { kind: 'activity', activity: activity({ id: A }) }));
    act(() => source.emit('activity', { kind: 'activity', activity: activity({ id: B, walletName: 'Ops' }) }));
    act(() => source.emit('activity', { kind: 'activity', activity: activity({ id: A, status: 'CONFIRMED' }) }));
    act(() => source.emit('activity', { kind: 'activity', activity: activity({ id: C, activityType: 'STAKE' }) }));
    act(() => source.emit('activity', { nonsense: true }));

    const texts = await screen.findAllByTestId('notice-text');
    const dialog = within(screen.getByTestId('notice-dialog'));
    const notices = texts.map((n) => n.textContent);
    expect(notices).toEqual(['입금 완료: Treasury에 1.5 ETH', '입금 감지: Ops에 1.5 ETH']);
    // A corner dialog, never modal: whatever the member was doing stays usable underneath.
    expect(document.querySelector('[aria-modal="true"]')).toBeNull();
    expect(screen.getByTestId('notice-dialog')).toHaveAttribute('role', 'dialog');
    await waitFor(() => expect(api.callsTo('/balances/organizations').length).toBeGreaterThan(1));

    await user.click(dialog.getAllByTestId('notice-dismiss')[0] as HTMLElement);
    expect(dialog.getAllByTestId('notice')).toHaveLength(1);
    await user.click(dialog.getByTestId('notice-dismiss-all'));
    await waitFor(() => expect(screen.queryByTestId('notice')).toBeNull());
  });

  it('reconnects with a growing delay when the stream drops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await fakeApi({
        'POST /api/v1/balances/organizations': () => jsonResponse({ items: [], unregistered: [], partial: false }),
        'POST /api/v1/asset-activities/organizations': () =>
          jsonResponse({ items: [], page: 1, size: 10, total: 0, partial: false, nextCursor: null }),
      });
      renderRoutes(routes, '/dashboard/assets');
      await waitFor(() => expect(TestEventSource.all).toHaveLength(1));
      act(() => TestEventSource.all[0]?.emit('error'));
      expect(TestEventSource.all[0]?.closed).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(TestEventSource.all).toHaveLength(2);
      act(() => TestEventSource.all[1]?.emit('error'));
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(TestEventSource.all).toHaveLength(2);
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(TestEventSource.all).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
    expect(nextDelay(0)).toBe(1_000);
    expect(nextDelay(RECONNECT_MAX_MS)).toBe(RECONNECT_MAX_MS);
  });
});
