import type { FastifyPluginCallback } from 'fastify';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

interface HealthOptions {
  db: Kysely<Database>;
  /** A URL of the provider that must answer 2xx: the issuer's JWKS (what token checks need). */
  providerProbeUrl: URL;
  fetch: typeof fetch;
  timeoutMs?: number;
  /** How long one probe of the provider answers for (default 30 s): health checks every second must not hit it. */
  providerCacheMs?: number;
}

type Check = 'ok' | 'error';

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/health: 200 when the database and the provider both answer, else 503 naming the part. */
export const healthRoutes: FastifyPluginCallback<HealthOptions> = (app, options, done) => {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const providerCacheMs = options.providerCacheMs ?? 30_000;
  // The last probe (running or done) and when it started: at most one fetch of the key set per
  // providerCacheMs, however many checks come in, failures included (a down provider stays unhammered).
  let probe: { startedAt: number; result: Promise<Check> } | null = null;

  async function checkDatabase(): Promise<Check> {
    try {
      await withTimeout(sql`select 1`.execute(options.db), timeoutMs);
      return 'ok';
    } catch (error) {
      app.log.warn({ err: error }, 'Health: database check failed');
      return 'error';
    }
  }

  function cachedProviderCheck(): Promise<Check> {
    const now = Date.now();
    if (probe === null || now - probe.startedAt >= providerCacheMs) {
      probe = { startedAt: now, result: checkProvider() };
    }
    return probe.result;
  }

  async function checkProvider(): Promise<Check> {
    try {
      const response = await options.fetch(options.providerProbeUrl, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (response.ok) return 'ok';
      app.log.warn({ status: response.status }, 'Health: provider answered an error');
      return 'error';
    } catch (error) {
      app.log.warn({ err: error }, 'Health: provider unreachable');
      return 'error';
    }
  }

  app.get('/api/health', async (_request, reply) => {
    const [database, provider] = await Promise.all([checkDatabase(), cachedProviderCheck()]);
    const time = new Date().toISOString();
    if (database === 'ok' && provider === 'ok') {
      return reply.code(200).send({ status: 'ok', database, provider, time });
    }
    const failing = [database === 'error' && 'database', provider === 'error' && 'provider'].filter(
      (part) => part !== false,
    );
    return reply.code(503).send({
      status: 'error',
      database,
      provider,
      time,
      error: `Unavailable: ${failing.join(' and ')}`,
    });
  });
  done();
};
