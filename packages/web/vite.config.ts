import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One file for the build, the dev server and the web Vitest project (the root vitest.config.ts lists it).
export default defineConfig({
  plugins: [react()],
  server: {
    // The dev server forwards the own backend, so the app stays same-origin as in production.
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
  },
});
