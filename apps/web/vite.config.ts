import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { routePreloadsPlugin } from './scripts/route-preloads.mjs';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
// Everything the API serves; the web shell only ever talks to it through these prefixes.
const proxied = ['/api', '/healthz', '/readyz', '/dev'];

export default defineConfig({
  plugins: [
    react(),
    routePreloadsPlugin(),
    // A brotli (.br) and a gzip (.gz) copy next to each text file of the build, at the highest levels (once, at
    // build time); the API's static plugin sends the one the browser's Accept-Encoding takes. Files under 1 KiB
    // and copies no smaller than their file are left out: those go as they are.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/,
      // Vite's own manifest (dist/.vite) is read by scripts, never served.
      exclude: /(^|[/\\])\.vite[/\\]/,
      threshold: 1024,
      algorithms: ['brotliCompress', 'gzip'],
      skipIfLargerOrEqual: true,
    }),
  ],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each screen loads (scripts/route-sizes.mjs reads it).
    manifest: true,
    rollupOptions: {
      // Building a zod schema has no side effect: a schema no screen uses is left out (the contracts define many at
      // module level). Only calls on `z` itself are marked; nothing else in the bundle is named so.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            {
              // What every screen runs on, as one file: fewer, larger chunks compress better and link with less glue.
              // The query library is not in it: sign-in draws without it (app/query-scope.tsx).
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]|@mantine[\\/]core[\\/]esm[\\/]core[\\/]/,
            },
            {
              // The rest of what the entry imports statically (providers, router, shared helpers), which every screen
              // runs too, as one file instead of dozens of small ones: Rolldown splits a module that lazy screens also
              // import into chunks per set of importers even when the entry already has it (about 12 KB gzip of
              // per-file overhead on every screen, and a longer request chain). The entry module itself stays the
              // entry chunk, so the manifest still names it.
              name: (id: string) => (/index\.html$|src[\\/]main\.tsx$/.test(id) ? null : 'shell'),
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
});
