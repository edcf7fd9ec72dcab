// A Vite plugin: after the build, writes dist/.vite/route-preloads.json, the files each screen's path loads on top
// of the entry (its lazy layout and page with their static imports, and their CSS). The server adds them to the
// index.html it sends for that path as <link rel="modulepreload"> and <link rel="preload" as="style">, so the
// browser fetches a screen's code while the framework downloads, instead of after the entry has run (one step
// less in the request chain of every first visit).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { closure, ROUTES } from './screen-routes.mjs';

const LANGUAGES = ['ko', 'en'];
/**
 * What every signed-in screen's first data call fetches before it is sent, apart from its definition: the call
 * helpers (lib/call-helpers.ts). And the error catalogue, fetched right after the first draw, and the version badge's call.
 */
const FIRST_CALL = ['src/lib/call-helpers.ts', 'src/lib/error-catalogue-module.ts', 'src/features/system/calls.ts'];

/** A language's message chunks one screen needs to draw: the sign-in group, and the dashboard's when signed in. */
function messageFiles(manifest, lang, signedIn, seen) {
  const out = { js: [], css: [] };
  for (const group of signedIn ? ['start', 'dashboard'] : ['start']) {
    const key = `src/i18n/${lang}-${group}.ts`;
    if (manifest[key]) closure(manifest, key, new Set(seen), out);
  }
  return out.js;
}

/**
 * The files of one path: its lazy layout and page with their static imports, and the call definitions they fetch
 * first; per language, the messages it draws with (the server picks by the language cookie). A path shown as two
 * screens (member, operator) preloads only what both load. */
export function routePreloads(manifest) {
  const entry = closure(manifest, 'index.html');
  const byPath = new Map();
  for (const route of ROUTES) {
    const seen = new Set();
    closure(manifest, 'index.html', seen);
    const entrySeen = new Set(seen);
    const own = { js: [], css: [] };
    for (const module of route.modules) closure(manifest, module, seen, own);
    // A signed-in screen's call definitions (a feature's calls.ts, fetched with its first data call): preloaded too,
    // so its first requests do not wait for them to download after the screen has drawn. Preloading does not run
    // them. The sign-in screens send nothing until the member does: theirs load then.
    const screenKeys = route.signedIn ? [...seen].filter((key) => !entrySeen.has(key)) : [];
    for (const key of screenKeys) {
      for (const lazy of manifest[key]?.dynamicImports ?? []) {
        if (/(^|\/)calls\.ts$/.test(lazy)) closure(manifest, lazy, seen, own);
      }
    }
    if (route.signedIn) for (const key of FIRST_CALL) if (manifest[key]) closure(manifest, key, seen, own);
    const css = own.css.filter((file) => !entry.css.includes(file));
    const languages = Object.fromEntries(
      LANGUAGES.map((lang) => [lang, messageFiles(manifest, lang, route.signedIn === true, seen)]),
    );
    const known = byPath.get(route.path);
    byPath.set(
      route.path,
      known
        ? {
            js: known.js.filter((f) => own.js.includes(f)),
            css: known.css.filter((f) => css.includes(f)),
            languages: known.languages,
          }
        : { js: own.js, css, languages },
    );
  }
  return [...byPath].map(([path, files]) => ({ path, ...files }));
}

export function routePreloadsPlugin() {
  let outDir = 'dist';
  return {
    name: 'vaultline-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After Vite has written its manifest.
    closeBundle() {
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
      writeFileSync(
        join(outDir, '.vite', 'route-preloads.json'),
        `${JSON.stringify(routePreloads(manifest), null, 1)}\n`,
      );
    },
  };
}
