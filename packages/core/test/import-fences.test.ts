import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, run on probe files placed in core's real folders: an
// import against the folders' order (shared ← texts ← device ← alarms ← cloud; library on device),
// or production code that imports test code, fails the lint. Only the fence rule runs, without
// type information, so no TypeScript program is built.

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const coreSrc = path.join(repoRoot, 'packages/core/src');
const FENCE_RULE = 'import-x/no-restricted-paths';
const eslint = new ESLint({
  cwd: repoRoot,
  ruleFilter: ({ ruleId }) => ruleId === FENCE_RULE,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

/** The fence's findings on `code` as if it were the file at `file` (from packages/core/src). */
async function lint(file: string, code: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(coreSrc, file) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

const probe = (...imports: string[]): string =>
  [
    ...imports.map((from, i) => `import * as m${i} from '${from}';`),
    `export const probe = [${imports.map((_, i) => `m${i}`).join(', ')}];`,
    '',
  ].join('\n');

/** Exactly one finding, of the fence, saying `message`. */
const fenced = (message: string): unknown[] => [
  expect.objectContaining({
    ruleId: FENCE_RULE,
    message: expect.stringContaining(message) as unknown,
  }) as unknown,
];

describe("core's import fences (eslint.config.js)", { timeout: 60_000 }, () => {
  it('fails an import up the order', async () => {
    expect(await lint('device/probe.ts', probe('../alarms/alarm-codec'))).toEqual(
      fenced("core's device imports only shared, texts"),
    );
    expect(await lint('shared/probe.ts', probe('../texts/messages'))).toEqual(
      fenced("core's shared imports no other folder"),
    );
    expect(await lint('texts/probe.ts', probe('../device/volume'))).toEqual(
      fenced("core's texts imports only shared"),
    );
    expect(await lint('alarms/probe.ts', probe('../cloud/cloud-next-fire'))).toEqual(
      fenced("core's alarms imports only shared, texts, device"),
    );
  });

  it('fails library and alarms or cloud importing each other', async () => {
    expect(await lint('library/probe.ts', probe('../cloud/cloud-upload'))).toEqual(
      fenced("core's library imports only shared, texts, device"),
    );
    expect(await lint('library/probe.ts', probe('../alarms/weekdays'))).toEqual(
      fenced("core's library imports only shared, texts, device"),
    );
    expect(await lint('cloud/probe.ts', probe('../library/playlist-browser'))).toEqual(
      fenced("core's cloud imports only shared, texts, device, alarms"),
    );
  });

  it('lets imports point down the order, and within a folder', async () => {
    expect(
      await lint(
        'cloud/probe.ts',
        probe(
          '../alarms/alarm-codec',
          '../device/volume',
          '../texts/messages',
          '../shared/constants',
          './cloud-schemas',
        ),
      ),
    ).toEqual([]);
    expect(await lint('library/probe.ts', probe('../device/playback-state', '../texts/messages'))).toEqual(
      [],
    );
    expect(
      await lint('alarms/probe.ts', probe('../texts/messages', '../shared/entities', './local-time')),
    ).toEqual([]);
  });

  it('fails production code that imports test data or test helpers, in every folder', async () => {
    const folders = readdirSync(coreSrc, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.length).toBeGreaterThanOrEqual(6);
    for (const folder of folders) {
      expect(await lint(`${folder}/probe.ts`, probe('../../test/fixtures/config-v3'))).toEqual(
        fenced('production code imports no test code'),
      );
    }
    expect(await lint('device/probe.ts', probe('../../test/support/real-mqtt-payloads'))).toEqual(
      fenced('production code imports no test code'),
    );
  });

  it('lets a test cross the order and use test data', async () => {
    // local-time.property.test.ts checks a player's alarm against a cloud alarm.
    expect(
      await lint(
        'alarms/probe.test.ts',
        probe('../cloud/cloud-next-fire', '../../test/support/dst-oracle', '../../test/fixtures/config-v3'),
      ),
    ).toEqual([]);
  });
});
