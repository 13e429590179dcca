// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressWorker } from './precompress-worker.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressWorker', () => {
  it('writes Brotli and gzip copies of the built sw.js that decompress to it', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-worker-'));
    mkdirSync(path.join(dir, 'public'));
    // Copied to the output as a worker build would leave it: the plugin runs after the bundle is written.
    const worker = `self.addEventListener('install', () => {});\n${'// precache list\n'.repeat(50)}`;
    writeFileSync(path.join(dir, 'public/sw.js'), worker);
    writeFileSync(path.join(dir, 'main.js'), "console.log('app');\n");
    await build({
      configFile: false,
      root: dir,
      logLevel: 'silent',
      plugins: [precompressWorker()],
      build: { outDir: 'out', rolldownOptions: { input: path.join(dir, 'main.js') } },
    });
    const out = path.join(dir, 'out');
    const br = readFileSync(path.join(out, 'sw.js.br'));
    const gz = readFileSync(path.join(out, 'sw.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(worker);
    expect(gunzipSync(gz).toString()).toBe(worker);
    expect(br.length).toBeLessThan(worker.length);
  });
});
