import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

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

/**
 * The same choice in a cookie the server reads: the page it sends for a screen then preloads that language's
 * texts with the screen's code (apps/api/src/plugins/web-app-preloads.ts). Not a secret; a year long.
 */
export const LANGUAGE_COOKIE = 'vl_lang';

function mirrorLanguageCookie(lang: AppLanguage): void {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the app supports
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

function storeLanguage(lang: AppLanguage): void {
  mirrorLanguageCookie(lang);
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Not persisting is acceptable: the choice then lasts for this page only.
  }
}

function applyDocumentLanguage(lang: AppLanguage): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * Messages come in chunks fetched when needed, one language at a time: `start` (the app frame and the sign-in
 * screens) before the first render, `dashboard` (every other area) with the dashboard layout (`loadMessages`). A
 * visitor downloads one language, and the sign-in screens only their own texts.
 */
export type MessageGroup = 'start' | 'dashboard';
type Loader = () => Promise<{ messages: object }>;
const MESSAGES: Record<AppLanguage, Record<MessageGroup, Loader>> = {
  en: { start: () => import('./en-start'), dashboard: () => import('./en-dashboard') },
  ko: { start: () => import('./ko-start'), dashboard: () => import('./ko-dashboard') },
};
/**
 * Unit tests render any screen without its layout and read texts of both languages side by side, so they start
 * with every group of both languages loaded.
 */
const TESTING = import.meta.env.MODE === 'test';
/** The groups wanted so far. */
const wanted = new Set<MessageGroup>(TESTING ? ['start', 'dashboard'] : ['start']);

/** A language's messages of every wanted group, including one wanted while these were on their way. */
async function readMessages(lang: AppLanguage): Promise<object> {
  const done = new Set<MessageGroup>();
  const messages = {};
  for (let todo = [...wanted]; todo.length > 0; todo = [...wanted].filter((group) => !done.has(group))) {
    const parts = await Promise.all(todo.map((group) => MESSAGES[lang][group]()));
    for (const group of todo) done.add(group);
    for (const part of parts) Object.assign(messages, part.messages);
  }
  return messages;
}

/**
 * i18next asks for a language before it switches to it (start, `changeLanguage`), so a screen never renders in a
 * language whose texts have not arrived: no keys shown.
 */
const lazyMessages: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const lang = normalizeLanguage(language);
    if (!lang) return callback(null, {});
    readMessages(lang).then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

const groupLoads = new Map<MessageGroup, Promise<void>>();

/**
 * Fetches a group of messages for every language already loaded (a language loaded later gets it with the rest);
 * resolves once they are in, so a route that awaits it renders with its texts.
 */
export function loadMessages(group: MessageGroup): Promise<void> {
  if (wanted.has(group)) return groupLoads.get(group) ?? Promise.resolve();
  wanted.add(group);
  const loaded = LANGUAGES.filter((lang) => i18n.hasResourceBundle(lang, 'translation'));
  const load = Promise.all(
    loaded.map(async (lang) => {
      const { messages } = await MESSAGES[lang][group]();
      i18n.addResourceBundle(lang, 'translation', messages, true, true);
    }),
  ).then(
    () => undefined,
    (error: unknown) => {
      // A failed fetch (network) is tried again by the next screen that needs the group.
      wanted.delete(group);
      groupLoads.delete(group);
      throw error;
    },
  );
  groupLoads.set(group, load);
  return load;
}

export const i18n = i18next.createInstance();

// Awaited here (top-level await), so whatever imports this module (main.tsx, tests) gets an instance whose
// starting language is loaded: the first render already has its texts.
await i18n
  .use(lazyMessages)
  .use(initReactI18next)
  .init({
    lng: readStoredLanguage() ?? DEFAULT_LANGUAGE,
    // Korean stays the fallback for a missing message, but only once its messages are here: every language has
    // the whole key set (`Messages`), so Korean is never fetched just to stand behind another language.
    fallbackLng: () => (i18n.hasResourceBundle(DEFAULT_LANGUAGE, 'translation') ? [DEFAULT_LANGUAGE] : []),
    supportedLngs: [...LANGUAGES],
    preload: TESTING ? [...LANGUAGES] : false,
    ns: ['translation'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
applyDocumentLanguage(currentLanguage());
// A language chosen before the cookie existed reaches the server from the next page on.
if (readStoredLanguage() && !TESTING) mirrorLanguageCookie(currentLanguage());

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
