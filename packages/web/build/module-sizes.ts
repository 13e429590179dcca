import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

export interface ModuleSize {
  chunk: string;
  /** From the repository root, or a virtual module's name. */
  id: string;
  renderedLength: number;
  gzipLength: number;
}

/**
 * Every module of every chunk with its rendered (tree-shaken, not yet minified) length and its
 * gzip length; modules tree-shaking emptied are left out.
 */
export function listModuleSizes(bundle: Rolldown.OutputBundle, repoRoot: string): ModuleSize[] {
  const modules: ModuleSize[] = [];
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
  return modules;
}

/**
 * Writes `.vite/module-sizes.json` beside Vite's manifest (listModuleSizes), so
 * `npm run bench:bundle` can name the largest modules of each download.
 */
export function moduleSizes(repoRoot: string): Plugin {
  return {
    name: 'playlist-alarms:module-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: '.vite/module-sizes.json',
        source: JSON.stringify(listModuleSizes(bundle, repoRoot), null, 1),
      });
    },
  };
}
