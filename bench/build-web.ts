// The bench builds the web app into its own folder, so it measures the current source and never
// rewrites packages/web/dist under a running e2e suite or demo.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

// BENCH_WEB_DIR: measure another copy of packages/web (an experiment) with the same bench.
const webDir = resolve(process.env.BENCH_WEB_DIR ?? resolve(import.meta.dirname, '../packages/web'));

/** `vite build` of packages/web into a fresh temporary folder; returns that folder. */
export function buildWeb(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'playlist-alarms-bench-web-'));
  const vite = join(
    dirname(createRequire(join(webDir, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  try {
    execFileSync(
      process.execPath,
      [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: webDir,
        stdio: 'inherit',
        timeout: 180_000,
      },
    );
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  return outDir;
}
