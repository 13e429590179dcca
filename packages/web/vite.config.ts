import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Writes `.vite/module-sizes.json` beside Vite's manifest: every module of every chunk with its
 * rendered (tree-shaken, not yet minified) length, so `npm run bench:bundle` can name the largest.
 */
function moduleSizes(): Plugin {
  return {
    name: 'playlist-alarms:module-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules: { chunk: string; id: string; renderedLength: number; gzipLength: number }[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, info] of Object.entries(output.modules)) {
          if (info.renderedLength === 0) continue;
          modules.push({
            chunk: output.fileName,
            // Virtual modules start with NUL; paths are shown from the repository root.
            id: path.isAbsolute(id) ? path.relative(repoRoot, id) : id.replace(/^\0/, ''),
            renderedLength: info.renderedLength,
            gzipLength: info.code === null ? 0 : gzipSync(info.code).length,
          });
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/module-sizes.json',
        source: JSON.stringify(modules, null, 1),
      });
    },
  };
}

// One file for the build, the dev server and the web Vitest project (the root vitest.config.ts lists it).
export default defineConfig({
  plugins: [react(), moduleSizes()],
  server: {
    // The dev server forwards the own backend, so the app stays same-origin as in production.
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // .vite/manifest.json: which chunks each entry and lazy import pulls in (npm run bench:bundle).
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the first view imports statically goes in the entry chunk, rather than in
        // common chunks shared with the lazy ones: one file compresses better than eight (about 4 kB).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
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
