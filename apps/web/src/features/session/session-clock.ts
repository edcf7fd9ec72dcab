import { useEffect, useState } from 'react';

export type SessionPhase = 'active' | 'notice' | 'expired';

/** What the session clock knows: the end of the session by the server's clock, and the browser's skew. */
export interface SessionTimer {
  expiresAtMs: number;
  noticeSeconds: number;
  /** Server time minus browser time, from the last token check; 0 until known. */
  skewMs: number;
}

/** Milliseconds left, read on the server's clock (the browser's clock corrected by the skew). */
export function remainingMs(timer: SessionTimer, nowMs: number = Date.now()): number {
  return timer.expiresAtMs - (nowMs + timer.skewMs);
}

/** 'notice' once the remaining time is within the notice window; 'expired' at zero. */
export function sessionPhase(remaining: number, noticeSeconds: number): SessionPhase {
  if (remaining <= 0) return 'expired';
  return remaining <= noticeSeconds * 1000 ? 'notice' : 'active';
}

/** '04:05' for 245 s; whole seconds rounded up so the display reaches 00:00 at the end, not before. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The remaining time of a session, re-read every second. */
export function useRemainingMs(timer: SessionTimer): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  // A new timer (after a refresh) is read at once, not at the next tick.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer fields are the trigger
  useEffect(() => setNow(Date.now()), [timer.expiresAtMs, timer.skewMs]);
  return remainingMs(timer, now);
}
