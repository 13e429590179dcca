// @fastify/rate-limit's own stores, which its package ships as plain JavaScript without types. The
// shared store (shared-rate-limit-store.ts) puts the two together: Redis first, this process after.

declare module '@fastify/rate-limit/store/LocalStore.js' {
  export type StoreCallback = (error: Error | null, result: { current: number; ttl: number } | null) => void;
  /** In this process: a fixed window per key, in an LRU of `cache` keys (5000 by default). */
  export default class LocalStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, cache?: number);
    incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
    read(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  }
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';
  import type { StoreCallback } from '@fastify/rate-limit/store/LocalStore.js';
  /** In Redis: one Lua script increments the key and sets its expiry, so replicas share a count. */
  export default class RedisStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
    incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
    read(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  }
}
