#!/usr/bin/env node
// What a first visit to each screen downloads, and the size budget (issue 17): the JS and CSS the built app loads
// before the screen is drawn, raw and as sent to a browser taking gzip or brotli (the build's .gz / .br copy of each
// file; the plain file when the build left none, as the API sends it then). Reads the build
// (`npm run build -w @vaultline/web`), prints a table of every screen and exits 1 when one grew past its enforced limit.
//
//   npm run size -w @vaultline/web                  the table (apps/web/dist)
//   npm run size -w @vaultline/web -- --files       each screen's files too
//   node apps/web/scripts/route-sizes.mjs DIR       another build
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closure as closureOf, ROUTES } from './screen-routes.mjs';

const args = process.argv.slice(2);
const showFiles = args.includes('--files');
const dist = resolve(
  args.find((a) => !a.startsWith('--')) ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
);
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build the web app first (npm run build -w @vaultline/web).`);
  process.exit(1);
}
/** @type {Record<string, { file: string, imports?: string[], dynamicImports?: string[], css?: string[], isDynamicEntry?: boolean }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** The budgets in bytes as sent gzipped (1 KB = 1000 bytes, the stricter reading). */
const BUDGET = { loginJs: 170_000, loginCss: 30_000, signedIn: 350_000 };
/**
 * What the check enforces until those budgets are met: today's figures and a little room, so nothing grows while the
 * splitting goes on (a ratchet: lower these as screens shrink, down to BUDGET). Screens over BUDGET are marked.
 */
const LIMIT = { loginJs: 170_000, loginCss: 14_000, signedIn: 350_000 };

/**
 * Messages, fetched for one language (src/i18n/index.ts): the `start` group before the first render, `dashboard`
 * with the dashboard layout. Every screen counts the language that costs it most, so the figure holds for either.
 */
const LANGUAGES = ['ko', 'en'];
const messageModules = (lang, route) =>
  [`src/i18n/${lang}-start.ts`, ...(route.signedIn ? [`src/i18n/${lang}-dashboard.ts`] : [])].filter(
    (m) => manifest[m],
  );

const closure = (key, seen, out) => closureOf(manifest, key, seen, out);

/** Bytes of a built file: plain, and as sent for `Accept-Encoding: gzip` and `br`. */
function sizes(file) {
  const path = join(dist, file);
  const raw = statSync(path).size;
  const copy = (ext) => (existsSync(path + ext) ? statSync(path + ext).size : raw);
  return { raw, gzip: copy('.gz'), br: copy('.br') };
}
const sum = (files) =>
  files
    .map(sizes)
    .reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, br: t.br + r.br }), { raw: 0, gzip: 0, br: 0 });

/** A screen's first load: the entry, the messages of the language that costs most, then its lazy route modules. */
function firstLoad(route) {
  const loads = LANGUAGES.map((lang) => {
    const seen = new Set();
    const files = closure('index.html', seen);
    for (const module of [...messageModules(lang, route), ...route.modules]) closure(module, seen, files);
    return { files, js: sum(files.js), css: sum(files.css) };
  });
  return loads.reduce((a, b) => (b.js.gzip + b.css.gzip > a.js.gzip + a.css.gzip ? b : a));
}

const unmeasured = Object.entries(manifest)
  // Screens and layouts (named *Page, *Layout); a lazy part of one (a menu, a dialog) is not a screen of its own.
  .filter(([key, chunk]) => chunk.isDynamicEntry && /^src\/app\/(pages\/.*Page|layouts\/.*Layout)\.tsx$/.test(key))
  .map(([key]) => key)
  .filter((key) => !ROUTES.some((r) => r.modules.includes(key)));
if (unmeasured.length > 0) {
  console.error(`Lazy screens missing from ROUTES in scripts/screen-routes.mjs: ${unmeasured.join(', ')}`);
  process.exit(1);
}

const kb = (n) => (n / 1000).toFixed(1).padStart(9);
const head = `${'screen'.padEnd(36)}${'JS gz'.padStart(9)}${'CSS gz'.padStart(9)}${'total gz'.padStart(9)}${'total br'.padStart(9)}${'raw'.padStart(9)}  budget (KB gzip)`;
console.log(`\nFirst load of each screen, KB (1000 bytes), ${dist}\n\n${head}`);
const failures = [];
const overGoal = [];
/** Checks one figure against the enforced limit (a failure) and the goal (a mark). */
function check(name, what, value, limit, goal) {
  if (value > limit) failures.push(`${name}: ${what} ${kb(value).trim()} KB > ${limit / 1000} (limit)`);
  else if (value > goal) overGoal.push(`${name}: ${what} ${kb(value).trim()} KB > ${goal / 1000} (goal)`);
}
for (const route of ROUTES) {
  const name = route.label ?? route.path;
  const { files, js, css } = firstLoad(route);
  const total = js.gzip + css.gzip;
  let budget = '';
  if (route.login) {
    budget = `JS ≤ ${BUDGET.loginJs / 1000}, CSS ≤ ${BUDGET.loginCss / 1000}`;
    check(name, 'JS', js.gzip, LIMIT.loginJs, BUDGET.loginJs);
    check(name, 'CSS', css.gzip, LIMIT.loginCss, BUDGET.loginCss);
  } else if (route.signedIn) {
    budget = `JS + CSS ≤ ${BUDGET.signedIn / 1000}`;
    check(name, 'JS + CSS', total, LIMIT.signedIn, BUDGET.signedIn);
  }
  const mark = (list) => list.some((f) => f.startsWith(`${name}:`));
  const over = mark(failures) ? '  OVER LIMIT' : mark(overGoal) ? '  over goal' : '';
  console.log(
    `${name.padEnd(36)}${kb(js.gzip)}${kb(css.gzip)}${kb(total)}${kb(js.br + css.br)}${kb(js.raw + css.raw)}  ${budget}${over}`,
  );
  if (showFiles) {
    for (const file of [...files.js, ...files.css]) console.log(`    ${file.padEnd(48)}${kb(sizes(file).gzip)}`);
    console.log(`    ${files.js.length} JS, ${files.css.length} CSS files`);
  }
}

if (overGoal.length > 0) console.log(`\nNot yet within the issue's budget:\n  ${overGoal.join('\n  ')}`);
if (failures.length > 0) {
  console.error(`\nOver the enforced limit (a screen grew):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(overGoal.length > 0 ? '\nNo screen grew past its limit.' : '\nEvery screen is within budget.');
