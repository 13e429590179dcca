// One linter for the monorepo: type-aware TypeScript rules, React hooks rules,
// and the package import direction of docs/architecture.md enforced rather than policed.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import localRules from './eslint-rules/no-import-cycle.js';

const pkg = (name) => `./packages/${name}`;
const web = (dir) => `./packages/web/src/${dir}`;

// The web app's layers (packages/web/README.md), as bulletproof-react fences them: imports point
// down only, app → features → api → services → provider/core; lib (small helpers) is below all.
// Each feature folder found is fenced from the others: where two meet, app composes them.
const webFeatures = readdirSync(new URL('./packages/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...webFeatures.map((feature) => ({
    target: web(`features/${feature}`),
    from: web('features'),
    except: [`./${feature}`],
    message: 'a feature imports no other feature: app composes them (props, render slots)',
  })),
  { target: web('features'), from: web('app'), message: 'features import nothing of app' },
  {
    target: web('api'),
    from: [web('features'), web('app')],
    message: 'api imports only services, lib, provider, core',
  },
  {
    target: web('services'),
    from: [web('api'), web('features'), web('app')],
    message: 'services import only lib, provider, core',
  },
  {
    target: web('lib'),
    from: [web('services'), web('api'), web('features'), web('app')],
    message: 'lib imports nothing of the app',
  },
  // The service worker (src/sw) runs apart from the page; src/pwa, its page side, is started by app.
  {
    target: web('sw'),
    from: [web('app'), web('features'), web('api'), web('services'), web('lib'), web('pwa')],
    message: 'the service worker imports only core and its own modules',
  },
  {
    target: [web('features'), web('api'), web('services'), web('lib')],
    from: web('pwa'),
    message: 'only app (and main.tsx) starts the installable app',
  },
];

// Core's folders (packages/core/README.md), by domain. Imports run one way:
// shared ← texts ← device ← alarms ← cloud ← notifications, and library sits on device beside
// alarms and cloud.
// Tests may cross (one test checks a player's alarm against a cloud alarm). That production code
// imports no test code (core's test/ folder, its fixtures included) is the rule of every package:
// testCode below.
const CORE_MAY_IMPORT = {
  shared: [],
  texts: ['shared'],
  device: ['shared', 'texts'],
  alarms: ['shared', 'texts', 'device'],
  cloud: ['shared', 'texts', 'device', 'alarms'],
  library: ['shared', 'texts', 'device'],
  notifications: ['shared', 'texts', 'device', 'alarms', 'cloud'],
};
const coreDir = (dir) => `./packages/core/src/${dir}`;
const coreFolders = Object.keys(CORE_MAY_IMPORT);
// A folder (or a flat module) outside the order would be unfenced: place it first.
for (const entry of readdirSync(new URL('./packages/core/src', import.meta.url), { withFileTypes: true })) {
  if (!entry.isDirectory() || !coreFolders.includes(entry.name)) {
    throw new Error(
      `packages/core/src/${entry.name}: give it a folder in eslint.config.js's CORE_MAY_IMPORT`,
    );
  }
}
const coreZones = [
  ...coreFolders.flatMap((folder) => {
    const allowed = CORE_MAY_IMPORT[folder];
    const forbidden = coreFolders.filter((other) => other !== folder && !allowed.includes(other));
    const may = allowed.length > 0 ? `only ${allowed.join(', ')}` : 'no other folder';
    return forbidden.length === 0
      ? []
      : [
          {
            target: coreDir(folder),
            from: forbidden.map(coreDir),
            message: `core's ${folder} imports ${may}`,
          },
        ];
  }),
  // Test data and helpers: the repository-wide rule below ("production code imports no test code").
];

// The package picture of docs/architecture.md. Integration tests may start the sandbox: it is the provider
// they are tested against, never part of what ships.
const importZones = ({ testsMayUseSandbox, coreTests = false }) => {
  const ours = (allowed) => ['./core', ...allowed, ...(testsMayUseSandbox ? ['./sandbox'] : [])];
  return [
    { target: pkg('core'), from: './packages', except: ['./core'], message: 'core imports nothing of ours' },
    {
      target: pkg('provider'),
      from: './packages',
      except: ours(['./provider']),
      message: 'provider may import only core',
    },
    {
      target: pkg('sandbox'),
      from: './packages',
      except: ['./core', './sandbox'],
      message: 'sandbox implements the contract independently: only core',
    },
    {
      target: pkg('server'),
      from: [pkg('web'), ...(testsMayUseSandbox ? [] : [pkg('sandbox')])],
      message: 'server never imports web or sandbox',
    },
    {
      target: pkg('web'),
      from: [pkg('server'), pkg('sandbox')],
      message: 'web never imports server or sandbox',
    },
    ...webZones,
    ...(coreTests ? [] : coreZones),
  ];
};

// Test code, wherever it sits (docs/testing.md): a package's test/ folder (the web app's is
// src/test/, inside its Vite root) and tests beside their module.
const testCode = ['**/test/**', '**/*.test.ts', '**/*.test.tsx'];
const productionZones = [
  ...importZones({ testsMayUseSandbox: false }),
  {
    target: './packages',
    from: testCode.map((glob) => `./${glob.replace(/^\*\*\//, 'packages/**/')}`),
    message: 'production code imports no test code: move what both need into src',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX, local: localRules },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/*/tsconfig.json', 'tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Not import-x/no-cycle: it cannot count type-only imports (eslint-rules/no-import-cycle.js).
      'local/no-import-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: importZones({ testsMayUseSandbox: false }) }],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // What ships (and the sandbox, which the demo runs) never imports tests or their helpers.
    files: ['packages/*/src/**/*.{ts,tsx}', 'packages/web/build/**/*.ts', 'packages/web/vite.config.ts'],
    ignores: testCode,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: productionZones }] },
  },
  {
    files: ['packages/*/{src,test}/**/*.integration.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: importZones({ testsMayUseSandbox: true }) }],
    },
  },
  {
    files: ['packages/core/src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: importZones({ testsMayUseSandbox: false, coreTests: true }) },
      ],
    },
  },
  {
    // The views of the first chunk take their texts from first-view-texts.ts: messages.ts holds every
    // text (about 1 kB gzip), which belongs in the lazy chunks; and their button is BrandButton, not
    // MUI's Button with its ripple (about 6 kB gzip; docs/decisions/first-view-loading.md).
    files: [
      'packages/web/src/main.tsx',
      'packages/web/src/app/{App,BrandButton,BrandCard,ErrorNotice,InitErrorView,LoadingView,LoggedOutView,splash,theme,runtime-config}.{ts,tsx}',
      'packages/web/src/lib/{first-view,preloadable-lazy,when-idle}.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playlist-alarms/core/texts/messages',
              message:
                'a first-view module: import its texts from @playlist-alarms/core/texts/first-view-texts',
            },
            ...['@mui/material/Button', '@mui/material/ButtonBase', '@mui/material/IconButton'].map(
              (name) => ({
                name,
                message: 'a first-view module: its button is ./BrandButton (MUI buttons bring their ripple)',
              }),
            ),
          ],
        },
      ],
    },
  },
  {
    // Journeys take `test` from e2e/support/test.ts, whose fixture fails a test on any CSP violation.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message: "import { test, expect } from './support/test': it fails the test on CSP violations",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may use non-null assertions on fixtures they built themselves.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/unbound-method': 'off' },
  },
);
