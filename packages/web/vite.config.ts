import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { installableApp } from './build/installable-app.ts';
import { moduleSizes } from './build/module-sizes.ts';
import { precompressWorker } from './build/precompress-worker.ts';
import { prerenderSplash } from './build/prerender-splash.ts';
import { servicesChunk, sessionChunk } from './build/session-chunk.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const source = (file: string) => path.resolve(import.meta.dirname, 'src', file);
// Where the dev server forwards the backend's paths: `npm run dev` (scripts/dev.ts) sets it to the
// server it started; `npm start`'s default address otherwise.
const backend = process.env.DEV_PROXY_TARGET ?? 'http://127.0.0.1:8080';

// One file for the build, the dev server and the web Vitest project (the root vitest.config.ts lists it).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    moduleSizes(repoRoot),
    prerenderSplash(import.meta.dirname, '/src/app/splash.tsx'),
    installableApp(),
    // Brotli and gzip beside each built file; the server sends the one the request accepts.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
    precompressWorker(),
  ],
  server: {
    // The app's own backend behind the page's origin, as in production: the sign-in's redirects and
    // cookies, and the Origin checks, see one origin (the Host header passes through unchanged).
    proxy: {
      '/api/': { target: backend, changeOrigin: false },
      '/auth/': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // Of the browsers the build targets (Vite's baseline: Chrome 111, Firefox 114, Safari 16.4) only
    // Firefox 114 and Safari 16 lack modulepreload, and there the lazy chunks merely start later: the
    // polyfill would cost every visit 0.3 kB of the first chunk.
    modulePreload: { polyfill: false },
    // .vite/manifest.json: which chunks each entry and lazy import pulls in (npm run bench:bundle).
    manifest: true,
    rolldownOptions: {
      // Rolldown's report of slow plugin callbacks (vite-plugin-pwa's, mostly) printed a paragraph on
      // every `npm start`; the build's time is measured where it matters, in CI's phase times.
      checks: { bundlerTimings: false },
      treeshake: {
        // Emotion imports hoist-non-react-statics (CommonJS, so assumed to have side effects) for
        // withTheme alone, which the app never calls: 1.4 kB gzip of the first chunk. It has none.
        moduleSideEffects: (id) =>
          /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/.test(id) ? false : undefined,
      },
      output: {
        // Everything the first view imports statically goes in the entry chunk, rather than in
        // common chunks shared with the lazy ones: one file compresses better than eight (about 4 kB).
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            sessionChunk(source('app/SessionApp.tsx'), source('app/browser-services.ts')),
            servicesChunk(source('app/browser-services.ts')),
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // As the other projects: whole-app tests on a busy two-core machine take seconds.
    testTimeout: 20_000,
  },
});
