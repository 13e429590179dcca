import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A package README is a map of its code; a map that names rooms that are gone, or leaves rooms out,
// misleads the next reader. This test keeps each packages/*/README.md and its src/ in step, and the
// links of the READMEs and of docs/ pointing at files that exist.

const repoDir = fileURLToPath(new URL('../', import.meta.url));
const packagesDir = join(repoDir, 'packages');
const packages = readdirSync(packagesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(packagesDir, entry.name, 'README.md')))
  .map((entry) => entry.name);

/** Every backticked text of a README that starts with `src/` or `test/` (paths relative to the package). */
function srcMentions(markdown: string): string[] {
  return [...markdown.matchAll(/`((?:src|test)\/[^`\s]*)`/g)].map((match) => match[1] ?? '');
}

/** Every file and folder under `dir`, as paths relative to `base` (folders end with `/`). */
function listTree(dir: string, base: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const rel = relative(base, path);
    return entry.isDirectory() ? [`${rel}/`, ...listTree(path, base)] : [rel];
  });
}

/**
 * A mention may be a pattern: `<name>` or `{id}` stands for one path segment, `*` for part of one.
 * It names something real when at least one path of the tree matches it.
 */
function mentionMatches(mention: string, tree: readonly string[]): boolean {
  if (!/[<{*]/.test(mention)) return tree.includes(mention) || tree.includes(`${mention}/`);
  const pattern = mention
    .split(/(<[^>]*>|\{[^}]*\}|\*)/)
    .map((part) => {
      if (part === '*') return '[^/]*';
      if (/^(<[^>]*>|\{[^}]*\})$/.test(part)) return '[^/]+';
      return part.replace(/[.+?^$()|[\]\\]/g, '\\$&');
    })
    .join('');
  const regex = new RegExp(`^${pattern}/?$`);
  return tree.some((path) => regex.test(path));
}

const isCoreModule = (path: string): boolean =>
  path.endsWith('.ts') &&
  !path.endsWith('.test.ts') &&
  !path.endsWith('.test-support.ts') &&
  !path.split('/').includes('fixtures');

/** What a package's README must name: core every module, the others every folder directly in src/. */
function requiredMentions(packageName: string, tree: readonly string[]): string[] {
  if (packageName === 'core')
    return tree.filter((path) => path.startsWith('src/') && isCoreModule(path)).sort();
  return tree.filter((path) => /^src\/[^/]+\/$/.test(path)).sort();
}

/**
 * Core's modules must appear as written (`src/<folder>/<module>.ts`). A folder counts as named by
 * `src/<dir>/` itself or by a folder pattern inside it (`src/features/<name>/`), not by a file in it.
 */
function isMentioned(required: string, mentions: readonly string[]): boolean {
  if (!required.endsWith('/')) return mentions.includes(required);
  return mentions.some((mention) => mention.startsWith(required) && mention.endsWith('/'));
}

describe('the helpers', () => {
  const tree = ['src/', 'src/a.ts', 'src/features/', 'src/features/help/', 'src/features/help/x.tsx'];

  it('matches placeholders and globs against the tree, and nothing else', () => {
    expect(mentionMatches('src/features/<name>/', tree)).toBe(true);
    expect(mentionMatches('src/features/help/*.tsx', tree)).toBe(true);
    expect(mentionMatches('src/features/help', tree)).toBe(true);
    expect(mentionMatches('src/b.ts', tree)).toBe(false);
    expect(mentionMatches('src/nothing/<name>/', tree)).toBe(false);
  });

  it('counts a folder as named by its own path or a folder pattern inside it, not by a file', () => {
    expect(isMentioned('src/features/', ['src/features/<name>/'])).toBe(true);
    expect(isMentioned('src/features/', ['src/features/'])).toBe(true);
    expect(isMentioned('src/features/', ['src/features/help/x.tsx'])).toBe(false);
    expect(isMentioned('src/a.ts', ['src/a.ts'])).toBe(true);
    expect(isMentioned('src/a.ts', ['a.ts'])).toBe(false);
  });

  it('reads backticked src/ and test/ paths only', () => {
    expect(srcMentions('`src/a.ts` and `src/b/` and `test/e/`, not src/c.ts nor `lib/src/d.ts`')).toEqual([
      'src/a.ts',
      'src/b/',
      'test/e/',
    ]);
  });

  it('asks core for every module outside tests and fixtures, the others for their folders', () => {
    const coreTree = [
      'src/a.ts',
      'src/a.test.ts',
      'src/t.test-support.ts',
      'src/fixtures/f.ts',
      'src/d/m.ts',
    ];
    expect(requiredMentions('core', coreTree)).toEqual(['src/a.ts', 'src/d/m.ts']);
    expect(requiredMentions('web', tree)).toEqual(['src/features/']);
  });
});

describe.each(packages)('packages/%s/README.md', (packageName) => {
  const packageDir = join(packagesDir, packageName);
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  const tree = ['src/', 'test/']
    .filter((dir) => existsSync(join(packageDir, dir)))
    .flatMap((dir) => [dir, ...listTree(join(packageDir, dir), packageDir)]);
  const mentions = srcMentions(readme);

  it('names only src/ and test/ paths that exist', () => {
    const gone = mentions.filter((mention) => !mentionMatches(mention, tree));
    expect(
      gone,
      `packages/${packageName}/README.md names paths that do not exist: ${gone.join(', ')}`,
    ).toEqual([]);
  });

  it(packageName === 'core' ? 'names every module of src/' : 'names every folder directly under src/', () => {
    const missing = requiredMentions(packageName, tree).filter((path) => !isMentioned(path, mentions));
    expect(
      missing,
      `packages/${packageName}/README.md does not name (in backticks): ${missing.join(', ')}`,
    ).toEqual([]);
  });
});

/** The local targets of a markdown file's links (`[text](target)`), without their #anchors. */
function localLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^(https?:|mailto:|#)/.test(target))
    .map((target) => target.replace(/#.*$/, ''));
}

const markdownFiles = [
  'README.md',
  ...readdirSync(join(repoDir, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => join('docs', path)),
  ...packages.map((name) => join('packages', name, 'README.md')),
];

describe.each(markdownFiles)('links of %s', (file) => {
  it('point at files that exist', () => {
    const markdown = readFileSync(join(repoDir, file), 'utf8');
    const broken = localLinks(markdown).filter((target) => !existsSync(join(repoDir, dirname(file), target)));
    expect(broken, `${file} links to what does not exist: ${broken.join(', ')}`).toEqual([]);
  });
});
