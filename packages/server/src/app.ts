import Fastify from 'fastify';
import { PROXY_PREFIX } from '@playlist-alarms/provider/proxied-paths';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createAlarmWorker, type AlarmWorkerDeps } from './alarm-worker/setup';
import type { AlarmWorker } from './alarm-worker/worker';
import { authenticate, createTokenVerifier, jwksUrl } from './auth';
import type { ServerConfig } from './config';
import { toRuntimeConfig } from './config';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrations';
import type { Database } from './db/schema';
import { registerErrorHandler } from './errors';
import { alarmTriggerRoutes } from './routes/alarm-trigger';
import { registerApiDocs } from './routes/api-docs';
import { cloudAlarmByTypeRoutes } from './routes/cloud-alarms-by-type';
import { cloudAlarmRoutes } from './routes/cloud-alarms';
import { cloudUserRoutes } from './routes/cloud-users';
import { configRoutes } from './routes/config';
import { cronRoutes } from './routes/cron';
import { healthRoutes } from './routes/health';
import { registerWebApp } from './routes/static';
import { yotoProxyRoutes } from './routes/yoto-proxy';

export interface AppDeps extends AlarmWorkerDeps {
  /** A database to use instead of opening the configured one (the caller then closes it). */
  db?: Kysely<Database>;
  /** Used for every call to the provider: health probe, token keys, proxy. */
  fetch?: typeof fetch;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The clock of next_fire_at (tests pin it). */
  now?: () => Date;
}

/** The whole server as one Fastify instance, migrations applied; not listening yet. */
export async function buildApp(config: ServerConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const ownsDb = deps.db === undefined;
  const db = deps.db ?? connectDatabase(config.database);
  try {
    await migrateToLatest(db);
  } catch (error) {
    if (ownsDb) await db.destroy();
    throw error;
  }
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream === undefined ? {} : { stream: deps.logStream }),
      // Provider tokens must never reach a log file.
      redact: {
        paths: ['req.headers.authorization', 'headers.authorization', 'request.headers.authorization'],
        censor: '[redacted]',
      },
    },
  });
  if (ownsDb) app.addHook('onClose', async () => db.destroy());

  try {
    await registerRoutes(app, config, db, deps);
  } catch (error) {
    await app.close(); // also closes the database it owns
    throw error;
  }
  return app;
}

async function registerRoutes(
  app: FastifyInstance,
  config: ServerConfig,
  db: Kysely<Database>,
  deps: AppDeps,
): Promise<void> {
  const fetchImpl = deps.fetch ?? fetch;
  const worker = startAlarmWorker(app, config, db, deps);
  app.decorateRequest('caller', null);
  registerErrorHandler(app);
  await registerApiDocs(app); // first: it collects the routes registered after it

  await app.register(healthRoutes, { db, providerProbeUrl: jwksUrl(config.provider), fetch: fetchImpl });
  await app.register(configRoutes, { runtimeConfig: toRuntimeConfig(config) });
  await app.register(cronRoutes, { db, worker, cronSecret: config.cronSecret, workerOn: config.alarmWorker });

  // Everything else under /api needs a verified provider token.
  const verify = createTokenVerifier(config.provider, fetchImpl);
  await app.register(async (api) => {
    api.addHook('onRequest', authenticate(verify));
    await api.register(yotoProxyRoutes, {
      prefix: PROXY_PREFIX,
      apiBase: config.provider.apiBase,
      fetch: fetchImpl,
    });
    const cloud = { db, now: deps.now ?? (() => new Date()) };
    await api.register(cloudUserRoutes, cloud);
    await api.register(cloudAlarmRoutes, cloud);
    await api.register(cloudAlarmByTypeRoutes, cloud);
    await api.register(alarmTriggerRoutes, { ...cloud, worker });
    // Every successful write (alarms, a time zone change) re-arms the timers at once.
    api.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && reply.statusCode < 400) worker.notify();
    });
  });

  await registerWebApp(app, config.webDist);
}

/** The worker of this process: its timers run from `ready` (unless ALARM_WORKER=off) until close. */
function startAlarmWorker(
  app: FastifyInstance,
  config: ServerConfig,
  db: Kysely<Database>,
  deps: AppDeps,
): AlarmWorker {
  const worker = createAlarmWorker(config, db, deps, (level, message) => app.log[level](message));
  if (config.alarmWorker) app.addHook('onReady', () => worker.start());
  // preClose: before the database closes (onClose).
  app.addHook('preClose', () => worker.stop());
  return worker;
}
