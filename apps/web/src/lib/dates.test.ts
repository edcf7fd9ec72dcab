import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeAmPm, formatRelative, formatTimeAmPm } from './dates';

describe('dates in Asia/Seoul', () => {
  it('converts UTC to Seoul time', () => {
    expect(formatDateTime('2026-01-01T15:30:00Z')).toBe('2026/01/02 00:30:00');
    expect(formatDateTime(new Date('2026-06-30T23:59:59Z'))).toBe('2026/07/01 08:59:59');
    expect(formatDate('2026-01-01T15:30:00Z')).toBe('2026-01-02');
    expect(formatDate('2026-01-01T14:59:59Z')).toBe('2026-01-01');
  });

  it('writes the am/pm marker in the chosen language', () => {
    expect(formatDateTimeAmPm('2026-01-01T15:30:00Z', 'en')).toBe('2026/01/02 AM 12:30:00');
    expect(formatDateTimeAmPm('2026-01-01T15:30:00Z', 'ko')).toBe('2026/01/02 오전 12:30:00');
    expect(formatDateTimeAmPm('2026-01-01T06:05:00Z', 'ko')).toBe('2026/01/01 오후 03:05:00');
    expect(formatTimeAmPm('2026-01-01T06:05:00Z', 'en')).toBe('PM 03:05');
  });
});

describe('formatRelative', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it('abbreviates in English', () => {
    expect(formatRelative(ago(10_000), 'en', now)).toBe('just now');
    expect(formatRelative(ago(MIN), 'en', now)).toBe('1m ago');
    expect(formatRelative(ago(5 * MIN), 'en', now)).toBe('5m ago');
    expect(formatRelative(ago(59 * MIN), 'en', now)).toBe('59m ago');
    expect(formatRelative(ago(3 * HOUR + 20 * MIN), 'en', now)).toBe('3h ago');
    expect(formatRelative(ago(DAY), 'en', now)).toBe('1d ago');
    expect(formatRelative(ago(2 * DAY), 'en', now)).toBe('2d ago');
    expect(formatRelative(ago(400 * DAY), 'en', now)).toBe('1y ago');
  });

  it('abbreviates in Korean', () => {
    expect(formatRelative(ago(10_000), 'ko', now)).toBe('방금 전');
    expect(formatRelative(ago(5 * MIN), 'ko', now)).toBe('5분 전');
    expect(formatRelative(ago(3 * HOUR), 'ko', now)).toBe('3시간 전');
    expect(formatRelative(ago(2 * DAY), 'ko', now)).toBe('2일 전');
  });

  it('reads a slightly future date as just now', () => {
    expect(formatRelative(new Date(now.getTime() + 30_000), 'en', now)).toBe('just now');
  });
});
