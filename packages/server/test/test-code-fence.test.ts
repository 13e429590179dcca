import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, run on probe files placed in the real tree: production
// code that imports a test, a test helper or a recorded fixture fails the lint; tests may import
// them. Only the import fence runs, without type information, so no TypeScript program is built.

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({
  cwd: repoRoot,
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

/** The fence's messages on `code` as if it were the file at `file` (from the repository root). */
async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? []).map(({ ruleId, message }) => `${ruleId}: ${message}`);
}

const REFUSED = 'production code imports no test code';

describe('production code never imports test code (eslint.config.js)', { timeout: 60_000 }, () => {
  it("refuses a server module that imports the server's test support", async () => {
    const found = await lint(
      'packages/server/src/probe.ts',
      "import { startTestIssuer } from '../test/support/test-issuer';\nexport const probe = startTestIssuer;\n",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(REFUSED);
  });

  it('refuses a module that imports a test helper, a test, or a recorded fixture', async () => {
    for (const [file, specifier] of [
      ['packages/provider/src/probe.ts', '../test/support/every-command'],
      ['packages/sandbox/src/probe.ts', '../test/support/mqtt-test-client'],
      ['packages/web/src/features/devices/probe.ts', '../../test/household'],
      ['packages/web/src/services/probe.ts', './server-session.test'],
      ['packages/web/src/lib/probe.ts', '../test/twins'],
      ['packages/provider/src/probe.ts', '@playlist-alarms/core/test/fixtures/config-v3'],
    ] as const) {
      const found = await lint(
        file,
        `import * as helper from '${specifier}';\nexport const probe = helper;\n`,
      );
      expect(found, `${file} importing ${specifier}`).toHaveLength(1);
      expect(found[0]).toContain(REFUSED);
    }
  });

  it('lets tests and test helpers import test support, and production code import production code', async () => {
    expect(
      await lint(
        'packages/server/src/probe.test.ts',
        "import { startTestIssuer } from '../test/support/test-issuer';\nexport const probe = startTestIssuer;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'packages/server/test/support/probe.ts',
        "import { buildTestApp } from './test-app';\nexport const probe = buildTestApp;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'packages/server/src/probe.ts',
        "import { buildApp } from './app';\nexport const probe = buildApp;\n",
      ),
    ).toEqual([]);
  });
});
