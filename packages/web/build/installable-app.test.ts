// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Script } from 'node:vm';
import { build } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installableApp } from './installable-app.ts';

let dir = '';
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * What the build wrote through Node's console, stdout or stderr, as one text: Vite's logger and the
 * warnings Rolldown hands it. (Rolldown's progress lines get past these spies.)
 */
function captureOutput(): () => string {
  const lines: string[] = [];
  const keep = (...parts: unknown[]) => void lines.push(parts.map(String).join(' '));
  for (const method of ['log', 'info', 'warn', 'error'] as const)
    vi.spyOn(console, method).mockImplementation(keep);
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk) => {
      keep(chunk);
      return true;
    });
  }
  return () => lines.join('\n');
}

describe('installableApp', () => {
  it('builds /sw.js as a classic script with the precache list, and warns of nothing', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'installable-app-'));
    mkdirSync(path.join(dir, 'src/sw'), { recursive: true });
    // A worker without imports, so the test needs no node_modules beside it.
    writeFileSync(
      path.join(dir, 'src/sw/sw.ts'),
      'declare const self: { __WB_MANIFEST: unknown[]; precached?: unknown[] };\nself.precached = self.__WB_MANIFEST;\n',
    );
    writeFileSync(path.join(dir, 'main.js'), "console.log('app');\n");
    const output = captureOutput();
    await build({
      configFile: false,
      root: dir,
      plugins: [installableApp()],
      build: { outDir: 'dist', rolldownOptions: { input: path.join(dir, 'main.js') } },
    });
    const printed = output();
    vi.restoreAllMocks();

    const worker = readFileSync(path.join(dir, 'dist/sw.js'), 'utf8');
    // The page registers it as a classic script (vite-plugin-pwa's register, type "classic"), so
    // it must run as one, with Workbox's precache list put in. Both formats pass this with a worker
    // this small; what the old "es" format fails is the warning below.
    type WorkerScope = { self?: WorkerScope; precached?: { url: string }[] };
    const scope: WorkerScope = {};
    scope.self = scope;
    new Script(worker).runInNewContext(scope);
    expect(scope.precached?.map((entry) => entry.url)).toEqual(
      expect.arrayContaining(['manifest.webmanifest']),
    );
    expect(printed).toContain('Building src/sw/sw.ts service worker');
    expect(printed).not.toMatch(/WARN|deprecated/i);
  }, 30_000);
});
