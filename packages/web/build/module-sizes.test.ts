// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { moduleSizes } from './module-sizes.ts';

const listSchema = z.array(
  z.object({ chunk: z.string(), id: z.string(), renderedLength: z.number(), gzipLength: z.number() }),
);

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A real build of a small app with the plugin; returns what it wrote. */
async function buildAndList(files: Record<string, string>): Promise<z.infer<typeof listSchema>> {
  dir = mkdtempSync(path.join(tmpdir(), 'module-sizes-'));
  for (const [name, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), code);
  }
  await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    plugins: [moduleSizes(dir)],
    build: { outDir: 'out', minify: false, rolldownOptions: { input: path.join(dir, 'src/main.js') } },
  });
  return listSchema.parse(JSON.parse(readFileSync(path.join(dir, 'out/.vite/module-sizes.json'), 'utf8')));
}

describe('moduleSizes', () => {
  it('lists each module that kept code, by chunk, named from the repository root', async () => {
    const list = await buildAndList({
      'src/main.js':
        "import { used } from './used.js';\nimport { nothing } from './unused.js';\nconsole.log(used);\nvoid import('./lazy.js');\n",
      'src/used.js': "export const used = 'a word used by the entry';\n",
      'src/unused.js': 'export const nothing = 1;\n',
      'src/lazy.js': "export default 'loaded later';\n",
    });
    const byId = new Map(list.map((m) => [m.id, m]));
    // Vite's preload helper (for the lazy import) is a virtual module: its name without the NUL.
    expect([...byId.keys()].sort()).toEqual([
      'src/lazy.js',
      'src/main.js',
      'src/used.js',
      'vite/preload-helper.js',
    ]);
    expect(byId.get('src/main.js')?.chunk).toBe(byId.get('src/used.js')?.chunk);
    expect(byId.get('src/lazy.js')?.chunk).not.toBe(byId.get('src/main.js')?.chunk);
    for (const m of list) {
      expect(m.renderedLength).toBeGreaterThan(0);
      expect(m.gzipLength).toBeGreaterThan(0);
    }
  });
});
