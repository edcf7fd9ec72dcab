import { DATE_FORMATS, TIMEZONE } from '@vaultline/contracts';
import dayjs, { type ConfigType } from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

export type DateLanguage = 'en' | 'ko';
export type DateInput = string | number | Date;

// Floor instead of round, so 59 minutes reads '59m ago' and not '1h ago'. The single-unit rows
// (m, h, d, M, y) exist because the plugin swaps an amount of 1 for the row before it.
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime, {
  rounding: Math.floor,
  thresholds: [
    { l: 's', r: 59, d: 'second' },
    { l: 'm', r: 1 },
    { l: 'mm', r: 59, d: 'minute' },
    { l: 'h', r: 1 },
    { l: 'hh', r: 23, d: 'hour' },
    { l: 'd', r: 1 },
    { l: 'dd', r: 29, d: 'day' },
    { l: 'M', r: 1 },
    { l: 'MM', r: 11, d: 'month' },
    { l: 'y', r: 1 },
    { l: 'yy', d: 'year' },
  ],
});
dayjs.tz.setDefault(TIMEZONE);

// Abbreviated wording of spec section 9, registered as private locales so the global dayjs locale
// (used by Mantine dates) stays untouched. Both suffixes are part of the unit texts.
const RELATIVE_LOCALES: Record<DateLanguage, { name: string; relativeTime: Record<string, string> }> = {
  en: {
    name: 'vaultline-en',
    relativeTime: {
      future: '%s',
      past: '%s',
      s: 'just now',
      m: '1m ago',
      mm: '%dm ago',
      h: '1h ago',
      hh: '%dh ago',
      d: '1d ago',
      dd: '%dd ago',
      M: '1mo ago',
      MM: '%dmo ago',
      y: '1y ago',
      yy: '%dy ago',
    },
  },
  ko: {
    name: 'vaultline-ko',
    relativeTime: {
      future: '%s',
      past: '%s',
      s: '방금 전',
      m: '1분 전',
      mm: '%d분 전',
      h: '1시간 전',
      hh: '%d시간 전',
      d: '1일 전',
      dd: '%d일 전',
      M: '1개월 전',
      MM: '%d개월 전',
      y: '1년 전',
      yy: '%d년 전',
    },
  },
};
for (const locale of Object.values(RELATIVE_LOCALES)) {
  dayjs.locale({ ...dayjs.Ls.en, ...locale } as ILocale, undefined, true);
}

const MERIDIEM: Record<DateLanguage, { am: string; pm: string }> = {
  en: { am: 'AM', pm: 'PM' },
  ko: { am: '오전', pm: '오후' },
};

/** The instant in the product's timezone (Asia/Seoul), whatever the browser's zone is. */
export function inTimezone(date: DateInput | ConfigType) {
  return dayjs(date).tz(TIMEZONE);
}

/** 'YYYY/MM/DD HH:mm:ss' in Asia/Seoul. */
export function formatDateTime(date: DateInput): string {
  return inTimezone(date).format(DATE_FORMATS.DATETIME);
}

/** 'YYYY-MM-DD' in Asia/Seoul. */
export function formatDate(date: DateInput): string {
  return inTimezone(date).format(DATE_FORMATS.DATE);
}

function withMeridiem(date: DateInput, format: string, lang: DateLanguage): string {
  const local = inTimezone(date);
  const marker = local.hour() < 12 ? MERIDIEM[lang].am : MERIDIEM[lang].pm;
  // Escaped so dayjs prints the marker verbatim instead of its own English 'A'.
  return local.format(format.replace('A', `[${marker}]`));
}

/** 'YYYY/MM/DD A hh:mm:ss' with the marker in the given language: '2026/01/02 오전 12:30:00'. */
export function formatDateTimeAmPm(date: DateInput, lang: DateLanguage): string {
  return withMeridiem(date, DATE_FORMATS.DATETIME_AMPM, lang);
}

/** 'A hh:mm' with the marker in the given language: 'PM 03:05', '오후 03:05'. */
export function formatTimeAmPm(date: DateInput, lang: DateLanguage): string {
  return withMeridiem(date, DATE_FORMATS.TIME_AMPM, lang);
}

/**
 * Abbreviated time since `date`: 'just now', '5m ago', '3h ago', '2d ago' / '방금 전', '5분 전'.
 * A date slightly in the future (clock skew between server and browser) reads as 'just now'.
 */
export function formatRelative(date: DateInput, lang: DateLanguage, now: DateInput = new Date()): string {
  const then = dayjs(date);
  const reference = dayjs(now);
  const past = then.isAfter(reference) ? reference : then;
  return past.locale(RELATIVE_LOCALES[lang].name).from(reference);
}
