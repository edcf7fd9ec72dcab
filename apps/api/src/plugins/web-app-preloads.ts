import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One screen's entry in dist/.vite/route-preloads.json, written by the web build (apps/web/scripts/route-preloads.mjs). */
interface RoutePreload {
  path: string;
  js: string[];
  css: string[];
  /** Per language, the message chunks the screen draws with (absent in builds before them). */
  languages?: Record<string, string[]>;
}

/** The languages of the web app; the first is its default, used when the request names none. */
export const PAGE_LANGUAGES = ['ko', 'en'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];
/** The cookie the web app keeps its language in (as in localStorage), so the page it gets preloads those texts. */
export const LANGUAGE_COOKIE = 'vl_lang';

export function pageLanguage(cookie: string | undefined): PageLanguage {
  return (PAGE_LANGUAGES as readonly string[]).includes(cookie ?? '') ? (cookie as PageLanguage) : PAGE_LANGUAGES[0];
}

/** index.html for one screen, ready in each encoding the static files come in. */
export interface ScreenPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The encoding to send for an Accept-Encoding header: brotli, then gzip, each only when the browser takes it (a
 * `q=0` refuses it); undefined for the plain bytes.
 */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const taken = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    taken.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = taken.get('*') ?? 0;
  return (['br', 'gzip'] as const).find((encoding) => (taken.get(encoding) ?? wildcard) > 0);
}

/** `/dashboard/wallets/:blockchain/:id` → a pattern matching that path exactly, each parameter one segment. */
function pathPattern(path: string): RegExp {
  const segments = path.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
}

/** The build's index.html with one screen's code announced in its head, so the browser fetches it at once. */
export function withPreloads(indexHtml: string, preload: Pick<RoutePreload, 'js' | 'css'>): string {
  const links = [
    ...preload.js.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`),
    ...preload.css.map((file) => `<link rel="preload" as="style" crossorigin href="/${escapeAttribute(file)}">`),
  ];
  return links.length === 0 ? indexHtml : indexHtml.replace('</head>', `${links.join('\n    ')}\n  </head>`);
}

function encoded(html: Buffer): ScreenPage {
  return {
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/** The pages of one build: each screen path's pattern and its index.html, per language, in every encoding. */
function buildPages(dist: string, listFile: string) {
  const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
  const list = JSON.parse(readFileSync(listFile, 'utf8')) as RoutePreload[];
  return list.map((route) => ({
    pattern: pathPattern(route.path),
    pages: Object.fromEntries(
      PAGE_LANGUAGES.map((lang) => [
        lang,
        encoded(
          Buffer.from(withPreloads(indexHtml, { ...route, js: [...route.js, ...(route.languages?.[lang] ?? [])] })),
        ),
      ]),
    ) as Record<PageLanguage, ScreenPage>,
  }));
}

/**
 * The page for each screen path of the build, looked up by request path: undefined for a path no screen has (the
 * plain index.html serves it) and for a build without the preload list (an older build, a test's stand-in). Made
 * again when the build's index.html changes (a rebuild under a running server names new files).
 */
export function loadScreenPages(dist: string): (pathname: string, lang: PageLanguage) => ScreenPage | undefined {
  const listFile = join(dist, '.vite', 'route-preloads.json');
  const indexFile = join(dist, 'index.html');
  let built: { version: string; pages: ReturnType<typeof buildPages> } | undefined;
  return (pathname, lang) => {
    if (!existsSync(listFile) || !existsSync(indexFile)) return undefined;
    const version = `${statSync(indexFile).mtimeMs}:${statSync(listFile).mtimeMs}`;
    if (built?.version !== version) {
      try {
        built = { version, pages: buildPages(dist, listFile) };
      } catch {
        // A build half-written at this moment: the plain index.html this time, the pages again on the next request.
        built = undefined;
        return undefined;
      }
    }
    return built.pages.find((p) => p.pattern.test(pathname))?.pages[lang];
  };
}
