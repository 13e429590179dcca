// Test-only: a private Mosquitto (a broker nobody here wrote) and its own command-line clients, so the
// device link's topics and payloads are checked by programs that share no code with it.
// The machine's own Mosquitto (port 1883) is never used: every broker here gets fresh free ports.
import { execFile, spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

const TOOLS = ['mosquitto', 'mosquitto_sub', 'mosquitto_pub'] as const;
type Tool = (typeof TOOLS)[number];

/** Debian puts the broker in /usr/sbin, which a non-root PATH often lacks. */
async function findTool(name: Tool): Promise<string | null> {
  const dirs = [
    '/usr/sbin',
    '/usr/bin',
    '/usr/local/sbin',
    '/usr/local/bin',
    ...(process.env.PATH ?? '').split(delimiter),
  ];
  for (const dir of dirs.filter(Boolean)) {
    const path = join(dir, name);
    try {
      await access(path, constants.X_OK);
      return path;
    } catch {
      // not here; try the next directory
    }
  }
  return null;
}

export type MosquittoTools = Record<Tool, string>;

/** The three programs' paths, or the names of those missing. */
export async function findMosquittoTools(): Promise<{ tools: MosquittoTools } | { missing: Tool[] }> {
  const found = await Promise.all(TOOLS.map(async (name) => [name, await findTool(name)] as const));
  const missing = found.filter(([, path]) => path === null).map(([name]) => name);
  if (missing.length > 0) return { missing };
  return { tools: Object.fromEntries(found) as MosquittoTools };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Child = ChildProcessByStdio<null, Readable, Readable>;

/** Collects output lines of attached streams; waitFor resolves with the first (past or future) line that matches. */
export function lineReader() {
  const lines: string[] = [];
  const waiters = new Set<{ match: (line: string) => boolean; resolve: (line: string) => void }>();
  return {
    lines,
    attach(stream: Readable): void {
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        for (const waiter of [...waiters]) {
          if (!waiter.match(line)) continue;
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      });
    },
    /** Looks at lines from index `from` on (default: all), then waits up to `timeoutMs` for one. */
    waitFor(match: (line: string) => boolean, timeoutMs = 5_000, from = 0): Promise<string> {
      const found = lines.slice(from).find(match);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (line: string) => {
            clearTimeout(timer);
            resolve(line);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching line within ${timeoutMs} ms; got:\n${lines.slice(from).join('\n')}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
  };
}

/** Spawns a helper program that dies with the test process, even when a test run is cut short. */
function spawnHelper(program: string, args: string[]): Child {
  const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const kill = () => void child.kill('SIGTERM');
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
  return child;
}

function stopChild(child: Child): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface RunningMosquitto {
  tcpPort: number;
  /** MQTT over WebSocket, as the device link speaks it. */
  wsUrl: string;
  /** The broker's log (log_type all): connects with client id and keepalive, subscriptions, disconnects. */
  log: ReturnType<typeof lineReader>;
  /** Ends the broker; start() brings a new one up on the same ports and config. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the broker and removes its config. */
  dispose(): Promise<void>;
}

/** Starts a private Mosquitto: plain MQTT on one free port, WebSocket on another, anonymous access. */
export async function startMosquitto(tools: MosquittoTools): Promise<RunningMosquitto> {
  const dir = await mkdtemp(join(tmpdir(), 'mosquitto-test-'));
  const config = join(dir, 'mosquitto.conf');
  const log = lineReader();
  let child: Child | null = null;
  let tcpPort = 0;
  let wsPort = 0;

  const start = async () => {
    const before = log.lines.length;
    const running = spawnHelper(tools.mosquitto, ['-c', config]);
    child = running;
    log.attach(running.stdout);
    log.attach(running.stderr);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (running.exitCode !== null) break;
      if ((await portAccepts(tcpPort)) && (await portAccepts(wsPort))) return;
      await sleep(50);
    }
    await stopChild(running);
    throw new Error(
      `mosquitto did not accept on ports ${tcpPort}/${wsPort}:\n${log.lines.slice(before).join('\n')}`,
    );
  };

  // A free port can be taken by someone else before mosquitto binds it: then try fresh ones.
  for (let attempt = 1; ; attempt++) {
    tcpPort = await freePort();
    do wsPort = await freePort();
    while (wsPort === tcpPort);
    await writeFile(
      config,
      [
        'per_listener_settings false',
        'allow_anonymous true',
        'persistence false',
        // stderr: unbuffered, so each line is readable as it happens (stdout to a pipe is block-buffered).
        'log_dest stderr',
        'log_type all',
        `listener ${tcpPort} 127.0.0.1`,
        `listener ${wsPort} 127.0.0.1`,
        'protocol websockets',
        '',
      ].join('\n'),
    );
    try {
      await start();
      break;
    } catch (error) {
      if (attempt >= 3) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }

  return {
    tcpPort,
    wsUrl: `ws://127.0.0.1:${wsPort}/mqtt`,
    log,
    stop: async () => {
      if (child) await stopChild(child);
    },
    start,
    dispose: async () => {
      if (child) await stopChild(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** One message as mosquitto_sub printed it. */
interface Seen {
  topic: string;
  /** Bytes, as the broker counted them: tells an empty payload from any text. */
  length: number;
  payload: string;
}

const PROBE_TOPIC = 'device/_probe/ready';

/** mosquitto_pub, QoS 1 so it returns only once the broker has the message; null sends an empty payload. */
export function publish(
  tools: MosquittoTools,
  port: number,
  topic: string,
  payload: string | null,
): Promise<void> {
  const body = payload === null ? ['-n'] : ['-m', payload];
  const args = ['-h', '127.0.0.1', '-p', String(port), '-q', '1', '-t', topic, ...body];
  return new Promise((resolve, reject) => {
    execFile(tools.mosquitto_pub, args, { timeout: 5_000 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`mosquitto_pub failed: ${stderr || error.message}`)) : resolve(),
    );
  });
}

/**
 * mosquitto_sub on `topic`, printing topic, byte length and payload per line. Resolves once it is
 * surely subscribed (mosquitto_sub prints nothing on SUBACK, so a probe is published until it comes back).
 */
export async function startSubscriber(tools: MosquittoTools, port: number, topic = 'device/#') {
  const child = spawnHelper(tools.mosquitto_sub, [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-F',
    '%t\\t%l\\t%p',
    '-t',
    topic,
    '-t',
    PROBE_TOPIC,
  ]);
  const out = lineReader();
  out.attach(child.stdout);
  const errors = lineReader();
  errors.attach(child.stderr);

  const parse = (line: string): Seen => {
    const [seenTopic = '', length = '', ...rest] = line.split('\t');
    return { topic: seenTopic, length: Number(length), payload: rest.join('\t') };
  };
  const seen = () => out.lines.map(parse).filter((message) => message.topic !== PROBE_TOPIC);

  const deadline = Date.now() + 5_000;
  for (;;) {
    await publish(tools, port, PROBE_TOPIC, 'ready');
    try {
      await out.waitFor((line) => line.startsWith(`${PROBE_TOPIC}\t`), 200);
      break;
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) {
        await stopChild(child);
        throw new Error(`mosquitto_sub did not subscribe: ${errors.lines.join('\n')} (${String(error)})`);
      }
    }
  }

  return {
    /** Every message received on `topic` so far, in order. */
    seen,
    /** The first message (already seen or still to come) that matches. */
    async waitFor(match: (message: Seen) => boolean, timeoutMs = 5_000): Promise<Seen> {
      return parse(await out.waitFor((line) => match(parse(line)), timeoutMs));
    },
    /**
     * Publishes a marker on `markerTopic` and waits for it: whatever the broker had taken in before
     * the marker has been printed by then. Returns the messages seen, marker excluded.
     */
    async sync(markerTopic: string): Promise<Seen[]> {
      const marker = `marker-${Date.now()}-${Math.random()}`;
      await publish(tools, port, markerTopic, marker);
      await out.waitFor((line) => line === `${markerTopic}\t${marker.length}\t${marker}`);
      return seen().filter((message) => message.payload !== marker);
    },
    stop: () => stopChild(child),
  };
}

export type Subscriber = Awaited<ReturnType<typeof startSubscriber>>;
