/** Asia/Seoul keeps UTC+9 all year (no daylight saving), so the conversion is a fixed offset. */
const SEOUL_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;
export const SEOUL_TIMEZONE = 'Asia/Seoul';

/** The instant a calendar day (YYYY-MM-DD) begins in Asia/Seoul. */
export function seoulDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - SEOUL_OFFSET_MS);
}

/** [dateFrom 00:00 KST, dateTo + 1 day 00:00 KST): both calendar days included. */
export function seoulRange(dateFrom?: string, dateTo?: string): { from?: Date; until?: Date } {
  return {
    ...(dateFrom ? { from: seoulDayStart(dateFrom) } : {}),
    ...(dateTo ? { until: new Date(seoulDayStart(dateTo).getTime() + DAY_MS) } : {}),
  };
}

/** `YYYY/MM/DD HH:mm:ss` in Asia/Seoul. */
export function formatSeoul(at: Date): string {
  const d = new Date(at.getTime() + SEOUL_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}/${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}
