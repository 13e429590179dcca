import fs from 'node:fs';
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { RateLimits, RedisCounting } from './config';
import { connectSharedCounting } from './shared-rate-limit-store';
import {
  requireTestRedis,
  startPrivateRedis,
  uniqueKeyPrefix,
  type PrivateRedis,
} from '../test/support/redis-server';
import { testConfig } from '../test/support/test-app';
import { startTestIssuer, type TestIssuer } from '../test/support/test-issuer';

// Two replicas (two whole apps, each with its own Redis client and its own process-local store)
// on one REDIS_URL: the limit holds for both together; with Redis gone each limits on its own.

const OUTAGE = 'Rate limits: Redis unreachable; each process counts on its own until it answers';
const BACK = 'Rate limits: Redis answers again; counts are shared by every replica';

let issuer: TestIssuer;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  issuer = await startTestIssuer();
});
afterAll(async () => {
  await issuer.close();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Replica {
  app: FastifyInstance;
  /** GET /api/config from `address`: the status. */
  get(address: string): Promise<number>;
  /** The messages it logged at `level` (pino's number: 40 is warn) or above, in order. */
  messages(level?: number): string[];
  log(): string;
}

async function replica(redis: RedisCounting | null, limits: Partial<RateLimits>): Promise<Replica> {
  const base = testConfig({ issuerUrl: issuer.url });
  const lines: string[] = [];
  const config = { ...base, logLevel: 'info' as const, rateLimits: { ...base.rateLimits, ...limits, redis } };
  const app = await buildApp(config, { logStream: { write: (line) => void lines.push(line) } });
  cleanups.push(async () => {
    await app.close();
    fs.rmSync(base.dataDir, { recursive: true, force: true });
  });
  return {
    app,
    get: async (address) =>
      (await app.inject({ method: 'GET', url: '/api/config', remoteAddress: address })).statusCode,
    messages: (level = 0) =>
      lines
        .map((line) => JSON.parse(line) as { msg?: string; level: number })
        .filter((entry) => entry.level >= level)
        .map((entry) => entry.msg ?? ''),
    log: () => lines.join(''),
  };
}

async function privateRedis(): Promise<PrivateRedis> {
  const redis = await startPrivateRedis();
  cleanups.push(() => redis.stop());
  return redis;
}

/** Statuses of `count` requests one after another, and how long each took (ms). */
async function burst(
  r: Replica,
  address: string,
  count: number,
): Promise<{ codes: number[]; times: number[] }> {
  const codes: number[] = [];
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    codes.push(await r.get(address));
    times.push(performance.now() - started);
  }
  return { codes, times };
}

async function until(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const count = (messages: string[], message: string) => messages.filter((m) => m === message).length;

describe('rate limits with REDIS_URL', () => {
  it('hold across two replicas: together they allow the limit, not twice it', async () => {
    const counting = { url: await requireTestRedis(), keyPrefix: uniqueKeyPrefix() };
    const a = await replica(counting, { perAddress: 6 });
    const b = await replica(counting, { perAddress: 6 });
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push(await (i % 2 === 0 ? a : b).get('192.0.2.10'));
    expect(codes).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await a.get('192.0.2.10')).toBe(429);
    expect(await b.get('192.0.2.10')).toBe(429);
    // Per key: another address starts its own count, on both replicas.
    expect(await b.get('192.0.2.11')).toBe(200);
    expect(a.messages()).toContain('Rate limits: counted in Redis, shared by every replica');
    expect(a.messages()).not.toContain(OUTAGE);
  });

  it('fall back to each process while Redis is down, say so once, and share again when it is back', async () => {
    const redis = await privateRedis();
    const counting = { url: redis.url, keyPrefix: uniqueKeyPrefix() };
    const a = await replica(counting, { perAddress: 3 });
    const b = await replica(counting, { perAddress: 3 });
    expect([await a.get('192.0.2.20'), await b.get('192.0.2.20'), await a.get('192.0.2.20')]).toEqual([
      200, 200, 200,
    ]);
    expect(await b.get('192.0.2.20')).toBe(429);

    await redis.kill();
    // Each process counts on its own: three each (six together), not none and not unlimited.
    const onA = await burst(a, '192.0.2.21', 5);
    const onB = await burst(b, '192.0.2.21', 5);
    expect(onA.codes).toEqual([200, 200, 200, 429, 429]);
    expect(onB.codes).toEqual([200, 200, 200, 429, 429]);
    // A closed connection fails at once: no request waits for Redis.
    expect(Math.max(...onA.times, ...onB.times)).toBeLessThan(240);
    // Reconnects keep failing meanwhile; the outage is still logged once per process.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect((await burst(a, '192.0.2.22', 2)).codes).toEqual([200, 200]);
    for (const r of [a, b]) {
      expect(count(r.messages(), OUTAGE)).toBe(1);
      expect(r.messages()).not.toContain(BACK);
      // The URL is logged with its password masked.
      expect(r.log()).toContain(redis.url.replace(redis.password, '***'));
      expect(r.log()).not.toContain(redis.password);
    }

    await redis.restart();
    await until(
      'both replicas back on Redis',
      () => a.messages().includes(BACK) && b.messages().includes(BACK),
    );
    expect([await a.get('192.0.2.23'), await b.get('192.0.2.23'), await a.get('192.0.2.23')]).toEqual([
      200, 200, 200,
    ]);
    expect(await b.get('192.0.2.23')).toBe(429);
    expect(await a.get('192.0.2.23')).toBe(429);
    for (const r of [a, b]) {
      // Both at warn: a log kept at warnings shows the end of the outage it shows.
      expect(count(r.messages(40), OUTAGE)).toBe(1);
      expect(count(r.messages(40), BACK)).toBe(1);
    }
  });

  it('start while Redis is down: the app answers at once and limits in its own process', async () => {
    const redis = await privateRedis();
    await redis.kill();
    const started = performance.now();
    const a = await replica({ url: redis.url, keyPrefix: uniqueKeyPrefix() }, { perAddress: 2 });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await burst(a, '192.0.2.30', 3)).codes).toEqual([200, 200, 429]);
    expect(count(a.messages(), OUTAGE)).toBe(1);
    // The client keeps trying after the failed first connect.
    await redis.restart();
    await until('back on Redis', () => a.messages().includes(BACK));
    expect(a.log()).not.toContain(redis.password);
  });

  it('hold the start up 1 s at most when Redis accepts connections and never answers', async () => {
    // A listener that never writes: the client's own retries would take over 2 s to give up.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const lines: string[] = [];
    const logger = Fastify({ logger: { level: 'info', stream: { write: (line) => void lines.push(line) } } });
    cleanups.push(async () => {
      await logger.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const started = performance.now();
    const counting = await connectSharedCounting(
      { url: `redis://:never-logged@127.0.0.1:${port}`, keyPrefix: uniqueKeyPrefix() },
      logger.log,
    );
    const waitedMs = performance.now() - started;
    const store = new counting.Store();
    const counted = await new Promise<number>((resolve, reject) =>
      store.incr(
        'address:192.0.2.35',
        (error, result) => (error ? reject(error) : resolve(result?.current ?? -1)),
        60_000,
        5,
      ),
    );
    counting.close();
    expect(waitedMs).toBeLessThan(1_500);
    expect(counted).toBe(1); // counted in the process
    const messages = lines.map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '');
    expect(count(messages, OUTAGE)).toBe(1);
    expect(lines.join('')).toContain(`redis://:***@127.0.0.1:${port}`);
    expect(lines.join('')).not.toContain('never-logged');
  });

  it('fall back at once when Redis hangs, and ask it again a second later', async () => {
    const redis = await privateRedis();
    const a = await replica({ url: redis.url, keyPrefix: uniqueKeyPrefix() }, { perAddress: 3 });
    expect(await a.get('192.0.2.40')).toBe(200);
    redis.pause();
    const hung = await burst(a, '192.0.2.41', 4);
    expect(hung.codes).toEqual([200, 200, 200, 429]);
    // One request waits out the 250 ms command time-out; the others go straight to the process's count.
    expect(hung.times.filter((ms) => ms >= 240)).toHaveLength(1);
    expect(Math.max(...hung.times)).toBeLessThan(1_000);
    expect(count(a.messages(), OUTAGE)).toBe(1);
    redis.resume();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await a.get('192.0.2.42')).toBe(200);
    await until('back on Redis', () => a.messages().includes(BACK));
  });
});
