import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';

// Redis for the shared rate limit tests: the machine's own (TEST_REDIS_URL, 127.0.0.1:6379 by
// default, which .ci/run starts), or a private `redis-server` a test may kill and start again.

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const running = new Set<ChildProcess>();
// A failed test must not leave a server behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Answers PING within 1 s. */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * The shared Redis, or an error that says how to start it. Never a skip: without Redis the shared
 * limits are untested, and CI must say so by failing.
 */
export async function requireTestRedis(): Promise<string> {
  if (await redisAnswers(TEST_REDIS_URL)) return TEST_REDIS_URL;
  throw new Error(
    `No Redis answers at ${TEST_REDIS_URL}${process.env.CI ? ' (CI: .ci/run starts it)' : ''}: start one ` +
      `(redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no) or set TEST_REDIS_URL`,
  );
}

/** A key prefix no other test or run uses. */
export const uniqueKeyPrefix = (): string => `test:rate-limit:${crypto.randomUUID()}:`;

export interface PrivateRedis {
  /** With the password: redis://:<password>@127.0.0.1:<port>. */
  url: string;
  password: string;
  /** SIGKILL, as a crash: no goodbye to the clients. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** A new, empty server on the same port (nothing is kept on disk). */
  restart(): Promise<void>;
  /** SIGSTOP: connections stay open and nothing answers, as a hung server or a lost network. */
  pause(): void;
  /** SIGCONT after pause(). */
  resume(): void;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A `redis-server` of this test's own, with a password, nothing on disk. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const password = `pw-${crypto.randomBytes(8).toString('hex')}`;
  const url = `redis://:${password}@127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const started = spawn('redis-server', [...args, '--requirepass', password], { stdio: 'ignore' });
    const spawnError = new Promise<never>((_, reject) =>
      started.once('error', (error) => reject(new Error(`redis-server did not start: ${error.message}`))),
    );
    void spawnError.catch(() => undefined); // handled by the race below; not unhandled after it
    running.add(started);
    child = started;
    const deadline = Date.now() + 5_000;
    while (!(await Promise.race([redisAnswers(url), spawnError]))) {
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer within 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const kill = async () => {
    const current = child;
    if (current === null || current.exitCode !== null || current.signalCode !== null) return;
    const gone = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await gone;
    running.delete(current);
    child = null;
  };

  const signal = (name: NodeJS.Signals) => {
    if (child === null) throw new Error('redis-server is not running');
    child.kill(name);
  };

  await start();
  return {
    url,
    password,
    kill,
    restart: start,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    stop: kill,
  };
}
