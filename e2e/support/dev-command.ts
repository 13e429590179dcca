import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface DevCommand {
  /** The one URL it printed. */
  url: string;
  /** Everything it printed so far. */
  output(): string;
  /** Ctrl-C as a terminal sends it (SIGINT to the whole process group); resolves once all have exited. */
  interrupt(): Promise<void>;
  /** Whether any process of its group is still alive. */
  anyAlive(): boolean;
}

/**
 * `npm run dev` as a person types it, on free ports and a fresh data folder (so a running demo or
 * e2e stack is left alone). Its own process group, so Ctrl-C reaches npm, tsx and the script at once.
 */
export async function startDevCommand(timeoutMs: number): Promise<DevCommand> {
  const dataDir = mkdtempSync(join(tmpdir(), 'playlist-alarms-dev-'));
  const child = spawn('npm', ['run', 'dev'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DEV_PORT: '0',
      PORT: '0',
      SANDBOX_PORT: '0',
      SANDBOX_MQTT_PORT: '0',
      DATA_DIR: dataDir,
    },
  });
  const group = child.pid;
  if (group === undefined) throw new Error('npm run dev did not start');
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  // 'close', not 'exit': the group's last lines ("SIGINT: stopping…") may still be in the pipe
  // when npm exits; 'close' comes once every process holding the pipe has gone and it is read out.
  const exited = new Promise<void>((done) => child.once('close', () => done()));

  const anyAlive = () => {
    try {
      process.kill(-group, 0);
      return true;
    } catch {
      return false;
    }
  };
  const kill = () => {
    if (anyAlive()) process.kill(-group, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no URL within ${timeoutMs} ms:\n${printed}`)), timeoutMs);
    const look = () => {
      const match = /running at (http:\/\/\S+)/.exec(printed);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      done(match[1]);
    };
    child.stdout.on('data', look);
    void exited.then(() => fail(new Error(`npm run dev ended:\n${printed}`)));
  }).catch((error: unknown) => {
    kill();
    throw error;
  });

  return {
    url,
    output: () => printed,
    anyAlive,
    interrupt: async () => {
      if (!anyAlive()) return kill();
      process.kill(-group, 'SIGINT');
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((done) => setTimeout(() => done(false), 20_000)),
      ]);
      // Its children may outlive npm by a moment: give them the same 20 s, then kill what is left.
      for (let waited = 0; anyAlive() && waited < 20_000; waited += 100) {
        await new Promise((done) => setTimeout(done, 100));
      }
      const lingering = anyAlive();
      kill();
      if (!stopped || lingering) throw new Error(`Ctrl-C did not stop npm run dev:\n${printed}`);
    },
  };
}
