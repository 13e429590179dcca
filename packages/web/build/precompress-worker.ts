import path from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Writes `file.br` and `file.gz` beside `file`, each at its format's highest level. */
export function precompress(file: string): void {
  const code = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(code, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(code, { level: 9 }));
}

/**
 * Brotli and gzip copies of /sw.js. The compression plugin covers the app's bundle, but the worker
 * is a second build that vite-plugin-pwa writes (and then fills with the precache list) in its own
 * closeBundle: this runs after it.
 */
export function precompressWorker(): Plugin {
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
        precompress(path.join(outDir, 'sw.js'));
      },
    },
  };
}
