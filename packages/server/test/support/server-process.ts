import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// A real server process, as `npm run serve` starts it: `src/main.ts` under tsx's loader, configured
// by its environment. Node runs main.ts itself (`node --import tsx`, not the tsx CLI, which would
// put a supervisor process in between), so a SIGKILL hits the server and nothing survives it.

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const READY = /Playlist Alarms server is running at (\S+)/;
const START_TIMEOUT_MS = 30_000;

export interface ServerProcess {
  /** Where it answers, such as http://127.0.0.1:41234. */
  url: string;
  pid: number;
  /** Everything it printed so far (for failure messages). */
  output(): string;
  /** Sends the signal and waits until the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** True once the process ended. */
  readonly exited: boolean;
}

const running = new Set<ChildProcess>();
// A test that fails or times out must not leave servers behind, whoever forgets to stop them.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts `main.ts` with `env` (on top of PATH and HOME only: nothing else leaks in from the test
 * process) and resolves once it listens. PORT defaults to 0, a free port.
 */
export async function startServerProcess(
  env: Record<string, string>,
  /** More node options, after tsx's loader (e.g. `--import` of an instrument, `--expose-gc`). */
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  let exited = false;
  const gone = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      running.delete(child);
      resolve();
    });
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = READY.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void gone.then(() => {
      clearTimeout(timer);
      reject(new Error(`The server exited before listening (code ${child.exitCode}):\n${output}`));
    });
  });
  if (child.pid === undefined) throw new Error('The server process has no pid');
  const pid = child.pid;
  return {
    url,
    pid,
    output: () => output,
    async kill(signal) {
      if (!exited) child.kill(signal);
      await gone;
    },
    get exited() {
      return exited;
    },
  };
}

/** Kills every given process that still runs (afterAll: also after a failed test). */
export async function killAll(processes: Iterable<ServerProcess | undefined>): Promise<void> {
  await Promise.all([...processes].map((p) => p?.kill('SIGKILL') ?? Promise.resolve()));
}
