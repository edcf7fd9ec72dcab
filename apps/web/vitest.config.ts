import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The config is run from the monorepo root, so pin the root to this app for setupFiles and include.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Screen tests render whole forms in happy-dom; beside the API suites on two cores a few take over 5 s.
    testTimeout: 20_000,
  },
});
