import path from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { prerenderSplash } from './build/prerender-splash.ts';

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

/**
 * The query library's modules behind what the session uses: the client, its provider, useQuery and
 * its observer, queryOptions.
 */
const QUERY_API =
  /@tanstack[\\/](?:react-query|query-core)[\\/]build[\\/]modern[\\/](?:queryClient|QueryClientProvider|useQuery|queryObserver|queryOptions)\.js$/;
const QUERY_BARREL = /@tanstack[\\/](?:react-query|query-core)[\\/]build[\\/]modern[\\/]index\.js$/;

/**
 * What `root` loads statically: our sources, and of the query library only what QUERY_API needs
 * (its barrel re-exports the mutation and multi-query hooks too, which only lazy tabs use).
 */
function sessionClosure(ctx: Rolldown.ChunkingContext, root: string): Set<string> {
  const members = new Set<string>();
  const seen = new Set<string>();
  const stack = [root];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const imports = ctx.getModuleInfo(id)?.importedIds ?? [];
    if (QUERY_BARREL.test(id)) {
      stack.push(...imports.filter((m) => QUERY_BARREL.test(m) || QUERY_API.test(m)));
    } else if (!id.includes('node_modules') || QUERY_API.test(id) || members.has(id)) {
      members.add(id);
      // Inside the query library every import is needed; elsewhere in node_modules nothing is ours to group.
      const inQueryLibrary = id.includes('node_modules');
      for (const m of imports) {
        if (inQueryLibrary && !QUERY_BARREL.test(m)) members.add(m);
        stack.push(m);
      }
    }
  }
  return members;
}

/**
 * One chunk for the session: SessionApp.tsx with what it loads statically (the query client and
 * hooks, the keys, the service and notifier contexts). Left to itself the bundler gives each module
 * a lazy tab or dialog also imports a chunk of its own, although the session has always loaded it
 * first: six small eager chunks that compress worse than one (1.3 kB gzip more). Modules the browser
 * services import too stay apart: those load beside the session, logged out as well.
 */
function sessionChunk(): Rolldown.CodeSplittingGroup {
  const session = path.resolve(import.meta.dirname, 'src/app/SessionApp.tsx');
  const services = path.resolve(import.meta.dirname, 'src/app/browser-services.ts');
  let members: Set<string> | null = null;
  return {
    debugName: 'session',
    name: (id, ctx) => {
      if (members === null) {
        const shared = sessionClosure(ctx, services);
        members = new Set([...sessionClosure(ctx, session)].filter((m) => !shared.has(m)));
      }
      return members.has(id) ? 'SessionApp' : null;
    },
    // Its imports outside the group (React, MUI, the provider client) keep their own chunks.
    includeDependenciesRecursively: false,
  };
}

/**
 * The installable app: the manifest, and the one service worker at /sw.js (src/sw/sw.ts) that
 * precaches the app shell and carries the alarm messages. Registration is the page's, after first
 * paint (src/pwa/), and a new version waits for the user ("prompt"), never mid-session.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      name: 'Yoto Playlist Alarms',
      short_name: 'Playlist Alarms',
      description: 'Wake-up and bedtime alarms, remote control and playlist browsing for Yoto players.',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#5b4bdb',
      background_color: '#f6f4ff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The shell: the HTML, every chunk (the lazy tabs too, so they open offline) and the icons.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // Workbox skips a file over its limit (2 MiB) with only a warning: no chunk comes near it.
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    },
  });
}

/**
 * Brotli and gzip copies of /sw.js. The compression plugin covers the app's bundle, but the worker
 * is a second build that vite-plugin-pwa writes (and then fills with the precache list) in its own
 * closeBundle: this runs after it.
 */
function precompressWorker(): Plugin {
  let outDir = '';
  return {
    name: 'playlist-alarms:precompress-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const file = path.join(outDir, 'sw.js');
        const code = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(code, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(code, { level: 9 }));
      },
    },
  };
}

// One file for the build, the dev server and the web Vitest project (the root vitest.config.ts lists it).
export default defineConfig({
  plugins: [
    react(),
    moduleSizes(),
    prerenderSplash(import.meta.dirname, '/src/app/splash.tsx'),
    installableApp(),
    // Brotli and gzip beside each built file; the server sends the one the request accepts.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
    precompressWorker(),
  ],
  server: {
    // The dev server forwards the own backend, so the app stays same-origin as in production.
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
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
      output: {
        // Everything the first view imports statically goes in the entry chunk, rather than in
        // common chunks shared with the lazy ones: one file compresses better than eight (about 4 kB).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }, sessionChunk()] },
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
