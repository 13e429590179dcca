// local/no-import-cycle: an import whose module leads back to the importing file fails, whatever
// the kind of import: value, type-only (`import type`, `export type … from`, `import('…')` types)
// or dynamic. import-x/no-cycle (4.18) always skips type-only imports and has no option to count
// them, and a type-only cycle still ties two modules together.
//
// The graph is read with TypeScript's parser and module resolution (the nearest tsconfig's options),
// from disk for every file but the one being linted, whose imports come from the text ESLint has.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Per file (by its mtime): the module specifiers it imports. */
const importsCache = new Map();
/** Per containing directory and specifier: the resolved source file, or null (package, asset…). */
const resolutionCache = new Map();
/** Per directory: the compiler options of its nearest tsconfig. */
const optionsCache = new Map();

function compilerOptionsFor(dir) {
  let options = optionsCache.get(dir);
  if (options) return options;
  const configPath = ts.findConfigFile(dir, ts.sys.fileExists, 'tsconfig.json');
  options = configPath
    ? (ts.getParsedCommandLineOfConfigFile(
        configPath,
        {},
        { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
      )?.options ?? {})
    : {};
  optionsCache.set(dir, options);
  return options;
}

function resolve(specifier, fromFile) {
  const dir = path.dirname(fromFile);
  const key = `${dir}\0${specifier}`;
  if (resolutionCache.has(key)) return resolutionCache.get(key);
  const resolved = ts.resolveModuleName(specifier, fromFile, compilerOptionsFor(dir), ts.sys).resolvedModule;
  const file = resolved?.resolvedFileName;
  // Our own sources only: a package from node_modules cannot import us back.
  const ours =
    file &&
    !file.endsWith('.d.ts') &&
    !file.split(path.sep).includes('node_modules') &&
    /\.[cm]?[jt]sx?$/.test(file);
  const result = ours ? path.resolve(file) : null;
  resolutionCache.set(key, result);
  return result;
}

/** Every module specifier of a TypeScript source text, type-only and dynamic ones included. */
function specifiersOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression)) found.push(expression.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) found.push(literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The files a file on disk imports (cached while its mtime stays). */
function importsOnDisk(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const cached = importsCache.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs) return cached.targets;
  const targets = specifiersOf(file, fs.readFileSync(file, 'utf8'))
    .map((specifier) => resolve(specifier, file))
    .filter((target) => target !== null);
  importsCache.set(file, { mtimeMs: stat.mtimeMs, targets });
  return targets;
}

/**
 * The files (among those reachable from `starts`) that lead back to `goal`: one walk forward from
 * all of the linted file's imports, then one walk backward from `goal`, however many imports it has.
 */
function filesLeadingTo(starts, goal) {
  const importers = new Map(); // file → the reachable files that import it
  const seen = new Set(starts);
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOnDisk(file)) {
      if (!importers.has(next)) importers.set(next, new Set());
      importers.get(next).add(file);
      if (next === goal || seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  const leading = new Set();
  const back = [goal];
  while (back.length > 0) {
    for (const importer of importers.get(back.shift()) ?? []) {
      if (leading.has(importer)) continue;
      leading.add(importer);
      back.push(importer);
    }
  }
  return leading;
}

/** The shortest path from `start` to `goal` through `leading` files (both ends included). */
function routeBack(start, goal, leading) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOnDisk(file)) {
      if (next === goal) {
        const route = [goal];
        for (let at = file; at !== null; at = previous.get(at)) route.unshift(at);
        return route;
      }
      if (!leading.has(next) || previous.has(next)) continue;
      previous.set(next, file);
      queue.push(next);
    }
  }
  return [start, goal];
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Forbid imports (type-only and dynamic ones too) that lead back to the importing file.',
    },
    schema: [],
    messages: { cycle: 'Import cycle: {{route}}' },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    if (!/\.[cm]?[jt]sx?$/.test(file) || !path.isAbsolute(file)) return {};
    const root = context.cwd;
    const imports = [];
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolve(specifier, file);
      if (target !== null && target !== file) imports.push({ node, target });
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportType: (node) => {
        const literal = node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument;
        if (literal?.type === 'Literal') check(node, literal.value);
      },
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' &&
        check(node, node.moduleReference.expression.value),
      'Program:exit': () => {
        if (imports.length === 0) return;
        const leading = filesLeadingTo([...new Set(imports.map(({ target }) => target))], file);
        const reported = new Set();
        for (const { node, target } of imports) {
          if (reported.has(target) || !leading.has(target)) continue;
          reported.add(target);
          const route = [file, ...routeBack(target, file, leading)].map((f) => path.relative(root, f));
          context.report({ node, messageId: 'cycle', data: { route: route.join(' → ') } });
        }
      },
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
