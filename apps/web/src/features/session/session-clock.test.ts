import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingMs, sessionPhase } from './session-clock';

describe('session clock', () => {
  it('formats the remaining time as mm:ss, rounding seconds up', () => {
    expect(formatCountdown(245_000)).toBe('04:05');
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5000)).toBe('00:00');
    expect(formatCountdown(30 * 60_000)).toBe('30:00');
  });

  it('opens the notice window and expires on time', () => {
    expect(sessionPhase(61_000, 60)).toBe('active');
    expect(sessionPhase(60_000, 60)).toBe('notice');
    expect(sessionPhase(1, 60)).toBe('notice');
    expect(sessionPhase(0, 60)).toBe('expired');
  });

  it('reads the remaining time on the server clock', () => {
    const timer = { expiresAtMs: 1_000_000, noticeSeconds: 60, skewMs: 0 };
    expect(remainingMs(timer, 900_000)).toBe(100_000);
    // The server is 30 s ahead of this browser: 30 s less remain.
    expect(remainingMs({ ...timer, skewMs: 30_000 }, 900_000)).toBe(70_000);
  });
});
