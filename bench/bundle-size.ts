// What the browser downloads before a view paints. The budgets count what Chromium requested
// (first-paint-scripts.ts): the manifest's view below (the entry chunk and everything it imports
// statically, plus, logged in, the lazy chunks of the logged-in view and its Playlists tab) says
// where that weight sits, but misses what starts early by other ways (a chunk imported on `load`).
// Sizes are gzip (level 6, as a web server sends them).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * The budgets of the scripts Chromium requests before a view paints, in kB of 1000 bytes (as Vite
 * prints them): the "Connect Yoto Account" view, and the first playlist card after signing in.
 */
export const BUNDLE_BUDGETS_KB = { loggedOut: 110, loggedIn: 150 } as const;

/**
 * Sources whose lazy chunks the logged-in Playlists view needs. A source that is not a lazy entry
 * (bundled into a chunk already counted) is simply absent from the manifest's keys.
 */
const LOGGED_IN_LAZY_SOURCES = [
  'src/app/SessionApp.tsx',
  'src/app/browser-services.ts',
  'src/app/LoggedInView.tsx',
  'src/app/MainTabs.tsx',
  'src/features/playlists/PlaylistsTab.tsx',
  'src/features/playlists/PlaylistBrowser.tsx',
];

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    src: z.string().optional(),
    isEntry: z.boolean().optional(),
    isDynamicEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
  }),
);
type Manifest = z.infer<typeof manifestSchema>;

const moduleSizesSchema = z.array(
  z.object({ chunk: z.string(), id: z.string(), renderedLength: z.number(), gzipLength: z.number() }),
);
type ModuleSize = z.infer<typeof moduleSizesSchema>[number];

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface ViewDownload {
  view: 'logged-out' | 'logged-in';
  gzipBytes: number;
  chunks: ChunkSize[];
  /** Per package (MUI per component) or per source file of ours, largest first; gzip estimated. */
  largest: { name: string; gzipBytes: number }[];
}

export interface BundleReport {
  views: ViewDownload[];
  /** Lazy chunks downloaded later (other tabs, dialogs, the MQTT client). */
  deferred: ChunkSize[];
}

/** Manifest keys reachable from `keys` through static imports (never dynamicImports). */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  for (let key = stack.pop(); key !== undefined; key = stack.pop()) {
    if (seen.has(key)) continue;
    const entry = manifest[key];
    if (!entry) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    stack.push(...(entry.imports ?? []));
  }
  return seen;
}

/**
 * What a module counts under: its package (MUI per component folder, so "TextField" or "Tooltip"
 * shows up by name), or our own source file.
 */
function ownerOf(id: string): string {
  const mui = /node_modules\/(@mui\/[^/]+)\/(?:esm\/)?([^/.]+)/.exec(id);
  if (mui) return `${mui[1]}/${mui[2]}`;
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  return match?.[1] ?? id;
}

/**
 * The largest parts of the given chunks. Rolldown reports each module's code before minification;
 * each part gets its share of its chunk's real gzip size, in proportion to its own gzip size.
 */
function largestParts(modules: ModuleSize[], chunks: ChunkSize[], count: number) {
  const perChunk = new Map<string, number>();
  for (const m of modules) perChunk.set(m.chunk, (perChunk.get(m.chunk) ?? 0) + m.gzipLength);
  const parts = new Map<string, number>();
  for (const chunk of chunks) {
    const total = perChunk.get(chunk.file) ?? 0;
    if (total === 0) continue;
    for (const m of modules) {
      if (m.chunk !== chunk.file) continue;
      const name = ownerOf(m.id);
      parts.set(name, (parts.get(name) ?? 0) + (m.gzipLength / total) * chunk.gzipBytes);
    }
  }
  return [...parts.entries()]
    .map(([name, gzipBytes]) => ({ name, gzipBytes: Math.round(gzipBytes) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, count);
}

export function measureBundle(distDir: string): BundleReport {
  const manifest = manifestSchema.parse(
    JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as unknown,
  );
  const modules = moduleSizesSchema.parse(
    JSON.parse(readFileSync(join(distDir, '.vite/module-sizes.json'), 'utf8')) as unknown,
  );
  const sizes = new Map<string, ChunkSize>();
  const sizeOf = (file: string): ChunkSize => {
    let size = sizes.get(file);
    if (!size) {
      const code = readFileSync(join(distDir, file));
      size = { file, bytes: code.length, gzipBytes: gzipSync(code).length };
      sizes.set(file, size);
    }
    return size;
  };

  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
  if (entryKeys.length === 0) throw new Error('manifest has no entry chunk');
  const loggedOutKeys = staticClosure(manifest, entryKeys);
  const lazyKeys = LOGGED_IN_LAZY_SOURCES.filter((source) => manifest[source]?.isDynamicEntry === true);
  const loggedInKeys = staticClosure(manifest, [...loggedOutKeys, ...lazyKeys]);

  const view = (name: ViewDownload['view'], keys: Set<string>): ViewDownload => {
    const files = new Set(
      [...keys].map((key) => manifest[key]?.file ?? key).filter((f) => f.endsWith('.js')),
    );
    const chunks = [...files].map(sizeOf).sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      view: name,
      gzipBytes: chunks.reduce((sum, c) => sum + c.gzipBytes, 0),
      chunks,
      largest: largestParts(modules, chunks, Number(process.env.BUNDLE_PARTS ?? 20)),
    };
  };

  const views = [view('logged-out', loggedOutKeys), view('logged-in', loggedInKeys)];
  const counted = new Set(views.flatMap((v) => v.chunks.map((c) => c.file)));
  const deferred = [...new Set(Object.values(manifest).map((entry) => entry.file))]
    .filter((file) => file.endsWith('.js') && !counted.has(file))
    .map(sizeOf)
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { views, deferred };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

export function printBundleReport(report: BundleReport): void {
  for (const v of report.views) {
    console.log(`\nJavaScript the ${v.view} view imports (manifest): ${kb(v.gzipBytes)} kB gzip`);
    for (const c of v.chunks) {
      console.log(
        `  ${c.file.padEnd(48)} ${kb(c.gzipBytes).padStart(7)} kB gzip  ${kb(c.bytes).padStart(7)} kB`,
      );
    }
    console.log("  largest parts (≈ kB gzip: each module's share of its chunk):");
    for (const m of v.largest) console.log(`    ${m.name.padEnd(58)} ${kb(m.gzipBytes).padStart(6)}`);
  }
  console.log('\nLoaded later, on demand:');
  for (const c of report.deferred) {
    console.log(`  ${c.file.padEnd(48)} ${kb(c.gzipBytes).padStart(7)} kB gzip`);
  }
}

export interface ObservedDownload {
  view: ViewDownload['view'];
  budgetKb: number;
  gzipBytes: number;
  chunks: ChunkSize[];
}

/** The gzip size of scripts the browser actually fetched (URLs under the app's origin). */
export function observedDownload(
  distDir: string,
  view: ViewDownload['view'],
  urls: string[],
): ObservedDownload {
  const chunks = [...new Set(urls.map((url) => new URL(url).pathname.replace(/^\//, '')))]
    .map((file) => {
      const code = readFileSync(join(distDir, file));
      return { file, bytes: code.length, gzipBytes: gzipSync(code).length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    view,
    budgetKb: BUNDLE_BUDGETS_KB[view === 'logged-out' ? 'loggedOut' : 'loggedIn'],
    gzipBytes: chunks.reduce((sum, c) => sum + c.gzipBytes, 0),
    chunks,
  };
}

export const withinBudget = (observed: ObservedDownload): boolean =>
  observed.gzipBytes <= observed.budgetKb * 1000;

/**
 * The budgets' verdicts. Chunks Chromium requested that the manifest's view does not import are
 * marked: they started by another way before the paint.
 */
export function printObservedReport(report: BundleReport, observed: ObservedDownload[]): void {
  for (const o of observed) {
    const imported = new Set(report.views.find((v) => v.view === o.view)?.chunks.map((c) => c.file));
    const paint = o.view === 'logged-out' ? '"Connect Yoto Account"' : 'the first playlist card';
    console.log(
      `\nScripts Chromium requested before painting ${paint}: ${kb(o.gzipBytes)} kB gzip ` +
        `(budget ${o.budgetKb} kB: ${withinBudget(o) ? 'within budget' : 'OVER BUDGET'})`,
    );
    for (const c of o.chunks) {
      const note = imported.has(c.file) ? '' : '  (not imported by the view)';
      console.log(`  ${c.file.padEnd(48)} ${kb(c.gzipBytes).padStart(7)} kB gzip${note}`);
    }
  }
}
