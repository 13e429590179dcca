import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { RateLimits } from './config';
import { HttpError } from './errors';

// Request limits (fixed one-minute windows): every request per client address, every
// authenticated API request per user, and on top of those a tighter per-address limit for routes
// that opt in with `config: { rateLimitTier: 'sign-in' }` (sign-in, alarm trigger). Over a limit:
// 429 `{ error }` with Retry-After in seconds. Counted in this process, or with REDIS_URL in Redis
// for every replica together (shared-rate-limit-store.ts).

type RateLimitTier = 'sign-in';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A tighter limit this route opts into, in addition to the per-address and per-user ones. */
    rateLimitTier?: RateLimitTier;
  }
}

type Counter = ReturnType<FastifyInstance['createRateLimit']>;

interface RateLimitHooks {
  /** Root onRequest hook: per client address, plus the route's tier if it has one. */
  perAddress: onRequestAsyncHookHandler;
  /** onRequest hook for authenticated scopes, registered after the auth hook: per verified user. */
  perUser: onRequestAsyncHookHandler;
}

function refuse(reply: FastifyReply, seconds: number): never {
  const wait = Math.max(1, seconds);
  reply.header('retry-after', String(wait));
  throw new HttpError(429, `Too many requests: try again in ${wait} s`);
}

async function check(counter: Counter | null, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (counter === null) return;
  const result = await counter(request);
  if (!result.isAllowed && result.isExceeded) refuse(reply, result.ttlInSeconds);
}

/** Registers the limiter store on `app` (the root) and returns the hooks that apply the limits. */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits): Promise<RateLimitHooks> {
  // Loaded only with REDIS_URL: ioredis adds to every start (and every configuration error's exit).
  const shared =
    limits.redis === null
      ? null
      : await (await import('./shared-rate-limit-store')).connectSharedCounting(limits.redis, app.log);
  if (shared !== null)
    app.addHook('onClose', (_instance, done) => {
      shared.close();
      done();
    });
  // global: false: the plugin adds no hooks of its own; the counters below decide.
  await app.register(rateLimit, {
    global: false,
    timeWindow: limits.windowMs,
    ...(shared === null ? {} : { store: shared.Store }),
  });
  const counter = (max: number, key: (request: FastifyRequest) => string): Counter | null =>
    max === 0 ? null : app.createRateLimit({ max, timeWindow: limits.windowMs, keyGenerator: key });

  const byAddress = counter(limits.perAddress, (request) => `address:${request.ip}`);
  const signIn = counter(limits.signIn, (request) => `sign-in:${request.ip}`);
  const byUser = counter(limits.perUser, (request) => `user:${request.caller?.sub ?? request.ip}`);

  return {
    async perAddress(request, reply) {
      await check(byAddress, request, reply);
      if (request.routeOptions.config.rateLimitTier === 'sign-in') await check(signIn, request, reply);
    },
    async perUser(request, reply) {
      await check(byUser, request, reply);
    },
  };
}
