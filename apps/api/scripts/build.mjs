#!/usr/bin/env node
// `npm run build -w @vaultline/api`: compiles the server, the engine and the production CLIs to JavaScript, so
// production runs them with plain `node` instead of compiling TypeScript at every start (tsx).
//
// The workspace packages (@vaultline/contracts, @vaultline/chains) ship TypeScript sources, which node cannot
// load: they are bundled in. Everything from node_modules stays external (native addons, wasm, and packages that
// read their own files), resolved at run time from the repository's node_modules as before.
//
// Files read at run time next to the sources (the drizzle migrations, the web app's dist via the repository
// root, the counterparty's customers) are found through `import.meta.url`. In a bundle that would be the bundle's
// own address, so each source's `import.meta.url` is replaced by its source file's address, written relative to
// the bundle: the built files keep finding those files where they are in the tree (and in the Docker image,
// which keeps the same layout).
//
// Usage: node scripts/build.mjs [outdir] [name=source ...]   (default apps/api/dist and ENTRIES; the outdir must
// lie inside the repository so node finds node_modules from it). The benchmark builds its server so
// (bench/run.ts), to measure the code production runs rather than tsx's (which wraps every function it creates).
import { readFile, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const api = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = resolve(process.argv[2] ?? join(api, 'dist'));
const named = process.argv.slice(3).map((arg) => arg.split('='));

/** Output name → source entry. */
export const ENTRIES = {
  server: 'src/server.ts',
  engine: 'src/engine/main.ts',
  migrate: 'src/db/migrate-cli.ts',
  'operator-create': 'src/db/operator-create-cli.ts',
  'audit-verify': 'src/db/audit-verify-cli.ts',
  'config-check': 'src/config-check.ts',
  // Outside production `npm start` runs the demo's counterparty exchange beside the server.
  'counterparty-vasp': 'src/travel-rule/counterparty-vasp.ts',
};

/** Bundles @vaultline/* (TypeScript sources); every other bare import stays a run-time import. */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@vaultline/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * `import.meta.url` → the source file's own address. Left alone where a module asks whether it is the program
 * (`import.meta.url === …argv[1]`): there the bundle's own address is the right answer.
 */
const sourceUrls = {
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.split(sep).includes('node_modules')) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
      const fromOut = relative(outdir, args.path).split(sep).join('/');
      const address = `new URL(${JSON.stringify(fromOut)}, import.meta.url).href`;
      return { contents: text.replace(/import\.meta\.url(?!\s*===)/g, address), loader: 'ts' };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  absWorkingDir: api,
  entryPoints: (named.length ? named : Object.entries(ENTRIES)).map(([out, src]) => ({ in: src, out })),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces name the sources; no minification (the bundles are small, node_modules being external).
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externals, sourceUrls],
});
console.log(`API built into ${relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms`);
