// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, run on probe files placed in the real tree: a forbidden
// import between the web app's layers, or an import cycle (a type-only one too), fails the lint.
// Only the two fence rules run, without type information, so no TypeScript program is built.

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const FENCE_RULES = new Set(['import-x/no-restricted-paths', 'local/no-import-cycle']);
const eslint = new ESLint({
  cwd: repoRoot,
  ruleFilter: ({ ruleId }) => FENCE_RULES.has(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

/** The fence rules' findings on `code` as if it were the file at `file` (from packages/web/src). */
async function lint(file: string, code: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, 'packages/web/src', file) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

// Exactly one finding, of this rule.
const fenced = (ruleId: string): unknown[] => [expect.objectContaining({ ruleId }) as unknown];

describe('the web app import fences (eslint.config.js)', { timeout: 60_000 }, () => {
  it('fails a feature that imports another feature', async () => {
    const found = await lint(
      'features/alarms/probe.ts',
      "import { usePlayer } from '../player/use-player';\nexport const probe = usePlayer;\n",
    );
    expect(found).toEqual(fenced('import-x/no-restricted-paths'));
    expect(found[0]?.message).toContain('a feature imports no other feature');
  });

  it('fails a feature that imports app, and api or services that import upwards', async () => {
    expect(
      await lint(
        'features/devices/probe.ts',
        "import { prefetchNoticeSnackbar } from '../../app/AppSnackbar';\nexport const probe = prefetchNoticeSnackbar;\n",
      ),
    ).toEqual(fenced('import-x/no-restricted-paths'));
    expect(
      await lint(
        'api/probe.ts',
        "import { useDeviceConnection } from '../features/devices/use-device-connection';\nexport const probe = useDeviceConnection;\n",
      ),
    ).toEqual(fenced('import-x/no-restricted-paths'));
    expect(
      await lint(
        'services/probe.ts',
        "import { usePlaylists } from '../api/get-playlists';\nexport const probe = usePlaylists;\n",
      ),
    ).toEqual(fenced('import-x/no-restricted-paths'));
  });

  it('lets imports point down: app to features, a feature to api and services, within a feature', async () => {
    expect(
      await lint(
        'app/probe.ts',
        "import { usePlayer } from '../features/player/use-player';\nexport const probe = usePlayer;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'features/player/probe.ts',
        [
          "import { usePlaylists } from '../../api/get-playlists';",
          "import { useDeviceCommands } from '../../services/device-commands';",
          "import { useModalVolume } from './use-modal-volume';",
          'export const probe = [usePlaylists, useDeviceCommands, useModalVolume];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('fails an import cycle even when one side imports only a type', async () => {
    // device-link-registry.ts imports frame-batcher.ts: a type import back closes a cycle.
    const found = await lint(
      'services/frame-batcher.ts',
      "import type { DeviceLinkRegistry } from './device-link-registry';\nexport type Probe = DeviceLinkRegistry;\n",
    );
    expect(found).toEqual(fenced('local/no-import-cycle'));
    expect(found[0]?.message).toContain(
      'device-link-registry.ts → packages/web/src/services/frame-batcher.ts',
    );
    // A dynamic import counts as well.
    expect(
      await lint(
        'services/frame-batcher.ts',
        "export const probe = () => import('./device-link-registry');\n",
      ),
    ).toEqual(fenced('local/no-import-cycle'));
    // Without the import back there is no cycle.
    expect(
      await lint(
        'services/frame-batcher.ts',
        "import type { StatusPoller } from './status-poller';\nexport type Probe = StatusPoller;\n",
      ),
    ).toEqual([]);
  });
});
