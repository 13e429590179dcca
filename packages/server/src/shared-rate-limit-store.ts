import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { RedisCounting } from './config';
import { redactCredentials } from './log-redaction';

// Rate limits counted in Redis, so every replica sees one count (docs/decisions/shared-rate-limits.md).
// A Redis outage must neither hold requests up nor lift the limits: each count then goes to this
// process's own store until Redis answers again, and the log says so once each way.

/** Short: a request must not wait long on a Redis that has gone. Redis answers locally in < 1 ms. */
const CONNECT_TIMEOUT_MS = 1_000;
const COMMAND_TIMEOUT_MS = 250;
/**
 * After a failure, counts stay in the process this long before Redis is tried again. A closed
 * connection fails at once anyway; this is for a Redis that hangs, which would otherwise cost every
 * request the command time-out.
 */
const RETRY_AFTER_MS = 1_000;

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type Method = 'incr' | 'read';

/** Up or down, as the last command or connection event said; logs each change once. */
class RedisHealth {
  private down = false;
  private retryAt = 0;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly redis: string,
  ) {}

  /** Worth asking: up, or down long enough to try again. */
  get usable(): boolean {
    return !this.down || Date.now() >= this.retryAt;
  }

  failed(error: Error): void {
    this.retryAt = Date.now() + RETRY_AFTER_MS;
    if (this.down) return;
    this.down = true;
    this.log.warn(
      { redis: this.redis, reason: error.message },
      'Rate limits: Redis unreachable; each process counts on its own until it answers',
    );
  }

  answered(): void {
    if (!this.down) return;
    this.down = false;
    // At the outage's level, so a log filtered to warnings that shows the outage shows its end.
    this.log.warn(
      { redis: this.redis },
      'Rate limits: Redis answers again; counts are shared by every replica',
    );
  }
}

/** Redis first; on an error (or while Redis is known down) this process's own store. */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: RedisStore,
    private readonly health: RedisHealth,
    private readonly local = new LocalStore(false, false),
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.count('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.count('read', key, callback, timeWindow, max);
  }

  /** Each limiter gets its own local store, as the plugin's LocalStore does; keys already differ. */
  child(): FallbackStore {
    return new FallbackStore(this.shared, this.health);
  }

  private count(method: Method, key: string, callback: Callback, timeWindow: number, max: number): void {
    const locally = () =>
      this.local[method](key, (error, result) => callback(error, result ?? undefined), timeWindow, max);
    if (!this.health.usable) return locally();
    this.shared[method](
      key,
      (error, result) => {
        if (error === null && result !== null) {
          this.health.answered();
          return callback(null, result);
        }
        this.health.failed(error ?? new Error('Redis gave no count'));
        locally();
      },
      timeWindow,
      max,
    );
  }
}

export interface SharedCounting {
  /** For @fastify/rate-limit's `store` option (it builds the root store with `new`). */
  Store: new () => FastifyRateLimitStore;
  /** Drops the connection (no QUIT: a Redis that is down would not answer it). */
  close(): void;
}

/**
 * Connects to Redis for the rate limits. Resolves also when Redis is down (the outage is logged
 * and counting starts in the process); the client keeps reconnecting in the background.
 */
export async function connectSharedCounting(
  counting: RedisCounting,
  log: FastifyBaseLogger,
): Promise<SharedCounting> {
  const where = redactCredentials(counting.url);
  const redis = new Redis(counting.url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // Fail a command at once while disconnected instead of queueing it behind a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  const health = new RedisHealth(log, where);
  // ioredis emits an error for every failed reconnect; the health logs the first of an outage.
  redis.on('error', (error: Error) => health.failed(error));
  redis.on('ready', () => health.answered());
  // The start waits for Redis at most CONNECT_TIMEOUT_MS: a server that accepts and never answers
  // would otherwise hold it up for the client's retries. ioredis goes on trying in the background.
  let timer: NodeJS.Timeout | undefined;
  const connected = await Promise.race([
    redis.connect().then(
      () => true,
      (error: unknown) => {
        health.failed(error instanceof Error ? error : new Error(String(error)));
        return false;
      },
    ),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => {
        health.failed(new Error(`no answer within ${CONNECT_TIMEOUT_MS} ms`));
        resolve(false);
      }, CONNECT_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (connected) log.info({ redis: where }, 'Rate limits: counted in Redis, shared by every replica');
  const shared = new RedisStore(false, false, redis, counting.keyPrefix);
  return {
    Store: class extends FallbackStore {
      constructor() {
        super(shared, health);
      }
    },
    close: () => redis.disconnect(),
  };
}
