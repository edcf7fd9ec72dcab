import { ActivityNotice, type AssetActivity, EVENTS_PATH } from '@vaultline/contracts';
import { useEffect, useRef } from 'react';

/** Reconnect delays: doubled after each drop, from 1 second up to 30, back to 1 once connected. */
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

export function nextDelay(previous: number): number {
  return Math.min(RECONNECT_MAX_MS, Math.max(RECONNECT_MIN_MS, previous * 2));
}

/**
 * Listens to the server's activity events while mounted (signed in as a member). The browser's own
 * retry stops for good when the server answers an error status, so every drop is handled here: the
 * stream is closed and reopened after a growing delay. Unmounting (sign-out) closes it.
 */
export function useActivityStream(onActivity: (activity: AssetActivity) => void, enabled = true): void {
  const handler = useRef(onActivity);
  handler.current = onActivity;

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = 0;
    let stopped = false;

    const connect = () => {
      source = new EventSource(EVENTS_PATH, { withCredentials: true });
      source.addEventListener('open', () => {
        delay = 0;
      });
      source.addEventListener('activity', (event) => {
        let data: unknown;
        try {
          data = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        const notice = ActivityNotice.safeParse(data);
        if (notice.success) handler.current(notice.data.activity);
      });
      source.addEventListener('error', () => {
        source?.close();
        source = null;
        if (stopped) return;
        delay = nextDelay(delay);
        timer = setTimeout(connect, delay);
      });
    };
    connect();

    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled]);
}
