import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { ko } from './ko';

export const LANGUAGES = ['ko', 'en'] as const;
/** UI language; the same lowercase codes the contracts' message helpers take. */
export type AppLanguage = (typeof LANGUAGES)[number];

/** Korean is both the default (nothing stored) and the fallback for a missing message. */
export const DEFAULT_LANGUAGE: AppLanguage = 'ko';
export const LANGUAGE_STORAGE_KEY = 'vaultline.language';

export function isAppLanguage(value: unknown): value is AppLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Accepts 'en' / 'EN' / 'en-US' alike, so a value written by the API's `Language` enum still counts. */
export function normalizeLanguage(value: string | null | undefined): AppLanguage | undefined {
  const short = value?.slice(0, 2).toLowerCase();
  return isAppLanguage(short) ? short : undefined;
}

function readStoredLanguage(): AppLanguage | undefined {
  try {
    return normalizeLanguage(globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    // Storage can be blocked (privacy mode); the default language still works.
    return undefined;
  }
}

function storeLanguage(lang: AppLanguage): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Not persisting is acceptable: the choice then lasts for this page only.
  }
}

function applyDocumentLanguage(lang: AppLanguage): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ko: { translation: ko } },
  lng: readStoredLanguage() ?? DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Resources are bundled, so initialise synchronously: the first render already has its texts.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLanguage(currentLanguage());

i18n.on('languageChanged', (lng) => {
  const lang = normalizeLanguage(lng) ?? DEFAULT_LANGUAGE;
  applyDocumentLanguage(lang);
  storeLanguage(lang);
});

export function currentLanguage(): AppLanguage {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

export function setLanguage(lang: AppLanguage): Promise<unknown> {
  return i18n.changeLanguage(lang);
}

/** The API's `Language` enum value for a UI language. */
export function toApiLanguage(lang: AppLanguage): 'EN' | 'KO' {
  return lang === 'en' ? 'EN' : 'KO';
}
