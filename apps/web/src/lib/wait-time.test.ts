import { describe, expect, it } from 'vitest';
import { formatWait, retryAfterSeconds } from './wait-time';

describe('retryAfterSeconds', () => {
  it('reads the contract shape and ignores anything else', () => {
    expect(retryAfterSeconds({ retryAfterSeconds: 250 })).toBe(250);
    expect(retryAfterSeconds({ retryAfterSeconds: '12.2' })).toBe(13);
    expect(retryAfterSeconds({ retryAfterSeconds: -1 })).toBeNull();
    expect(retryAfterSeconds({ seconds: 5 })).toBeNull();
    expect(retryAfterSeconds(30)).toBeNull();
    expect(retryAfterSeconds(null)).toBeNull();
  });
});

describe('formatWait', () => {
  it('names hours, minutes and seconds that are not zero', () => {
    expect(formatWait(250, 'en')).toBe('4 minutes 10 seconds');
    expect(formatWait(250, 'ko')).toBe('4분 10초');
    expect(formatWait(60, 'en')).toBe('1 minute');
    expect(formatWait(3_901, 'en')).toBe('1 hour 5 minutes 1 second');
    expect(formatWait(0.2, 'en')).toBe('1 second');
  });
});
