import Fastify from 'fastify';
import { PROXY_PREFIX } from '@playlist-alarms/provider/proxied-paths';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import {
  createAlarmWorker,
  createRetentionPurge,
  createHoldRunner,
  workerTokens,
  type AlarmWorkerDeps,
} from './alarm-worker/setup';
import { systemClock } from './alarm-worker/clock';
import type { HoldRunner } from './alarm-worker/hold-runner';
import { createPlayerConfigAccess, type PlayerConfigAccess } from './alarm-holds/player-config';
import type { AlarmWorker } from './alarm-worker/worker';
import { createTokenVerifier, jwksUrl } from './auth';
import type { ServerConfig } from './config';
import { toRuntimeConfig } from './config';
import { connectDatabase, DatabaseOpenError } from './db/connect';
import { migrateAtStart, migrateToLatest } from './db/migrations';
import type { Database } from './db/schema';
import { registerCompression } from './compression';
import { answerFrameworkError, registerErrorHandler } from './errors';
import { REDACT_PATHS, CENSOR, serializeRequest } from './log-redaction';
import { registerRateLimits } from './rate-limits';
import { alarmTriggerRoutes } from './routes/alarm-trigger';
import { registerApiDocs } from './routes/api-docs';
import { cloudAlarmByTypeRoutes } from './routes/cloud-alarms-by-type';
import { cloudAlarmRoutes } from './routes/cloud-alarms';
import { cloudAlarmSkipRoutes } from './routes/cloud-alarm-skip';
import { cloudUserRoutes } from './routes/cloud-users';
import { configRoutes } from './routes/config';
import { cronRoutes } from './routes/cron';
import { deviceAlarmHoldRoutes } from './routes/device-alarm-holds';
import { deviceHistoryRoutes } from './routes/device-history';
import { favouriteRoutes } from './routes/favourites';
import { healthRoutes } from './routes/health';
import { pushRoutes } from './routes/push';
import { createPushWiring, type PushWiring } from './push/push-wiring';
import { vapidFromConfig } from './push/vapid-key-file';
import type { VapidKeys } from './push/push-config';
import { registerWebApp } from './routes/static';
import { yotoProxyRoutes } from './routes/yoto-proxy';
import type { Household } from './household/household-access';
import { PlayerLists } from './household/player-lists';
import { registerSecurityHeaders } from './security-headers';
import { registerCredentialCheck } from './sessions/credentials';
import { createSessionStore, type SessionStore } from './sessions/session-store';
import { sessionRoutes } from './sessions/session-routes';
import { cipherFromConfig } from './sessions/token-cipher';
import { API_BODY_LIMIT } from './zod-schemas';

declare module 'fastify' {
  interface FastifyInstance {
    /** Server-held sessions and tokens; the alarm worker calls `sessions.accessTokenFor(userId)`. */
    sessions: SessionStore;
    /** Switches held player alarms back on (runs with the alarm worker); tests wait on it. */
    holdRunner: HoldRunner;
    /**
     * The shared household's access rule and player lists (src/household/): with `sessions`,
     * `usersWhoMaySeePlayer(app.household, app.sessions, deviceId)` says who may see a player.
     */
    household: Household;
    /** The push runners (held news, the players' watch), null without VAPID keys; tests drive them. */
    pushRunners: Pick<PushWiring, 'pending' | 'watch'> | null;
  }
}

export interface AppDeps extends AlarmWorkerDeps {
  /** A database to use instead of opening the configured one (the caller then closes it). */
  db?: Kysely<Database>;
  /** Used for every call to the provider: health probe, token keys, proxy. */
  fetch?: typeof fetch;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The clock of next_fire_at (tests pin it). */
  now?: () => Date;
  /** How long before expiry a stored access token is refreshed (default 60 s; tests shorten it). */
  tokenRefreshMarginMs?: number;
  /** How long a token request may take before it counts as unreachable (default 15 s; tests shorten it). */
  tokenRequestTimeoutMs?: number;
  /** Told about every route as it is registered (tests enumerate them). */
  onRoute?: (route: RouteOptions) => void;
  /** Used for every Web Push message (tests may count them; the default is fetch). */
  pushFetch?: typeof fetch;
}

/** The whole server as one Fastify instance, migrations applied; not listening yet. */
export async function buildApp(config: ServerConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const ownsDb = deps.db === undefined;
  // Connection losses are logged by the app's logger once it exists (the pool opens first).
  let logConnectionError = (error: Error) => console.warn(`PostgreSQL connection lost: ${error.message}`);
  const db =
    deps.db ?? connectDatabase(config.database, { onConnectionError: (error) => logConnectionError(error) });
  try {
    // A database handed in is the caller's, migrated on it; one opened here from the configuration
    // migrates on a connection of its own, without the requests' statement timeout.
    await (ownsDb ? migrateAtStart(config.database, db) : migrateToLatest(db));
  } catch (error) {
    if (ownsDb) await db.destroy();
    throw ownsDb ? new DatabaseOpenError(config.database, error) : error;
  }
  const { timeouts } = config;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream === undefined ? {} : { stream: deps.logStream }),
      // Provider tokens and OAuth codes must never reach a log file (log-redaction.ts).
      redact: { paths: REDACT_PATHS, censor: CENSOR },
      serializers: { req: serializeRequest },
    },
    // A hop count as Fastify's own rule (its types lack the number form): trust the nearest n.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // No route takes more than a small JSON object; the cloud routes set a tighter limit of their own.
    bodyLimit: API_BODY_LIMIT,
    // URLs the router refuses itself (bad percent-encoding, over-long parameter) answer `{ error }` too.
    frameworkErrors: answerFrameworkError,
    // A client that sends slowly or never finishes must not hold a connection for ever.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Node checks header and request time-outs on this interval (30 s by default).
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.min(timeouts.headersMs, 5_000),
    },
  });
  logConnectionError = (error) => app.log.warn({ err: error }, 'PostgreSQL connection lost');
  if (ownsDb) app.addHook('onClose', async () => db.destroy());
  if (deps.onRoute !== undefined) app.addHook('onRoute', deps.onRoute);

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
  const now = deps.now ?? (() => new Date());
  const cipher = cipherFromConfig(config);
  const sessions = createSessionStore({
    db,
    cipher,
    provider: config.provider,
    fetch: fetchImpl,
    now,
    ...(deps.tokenRefreshMarginMs === undefined ? {} : { refreshMarginMs: deps.tokenRefreshMarginMs }),
    ...(deps.tokenRequestTimeoutMs === undefined ? {} : { timeoutMs: deps.tokenRequestTimeoutMs }),
    // The user id and the grant's code only: no token or secret reaches the log.
    onRefreshFailure: ({ userId, code, retryAt }) =>
      app.log.warn(
        { userId, reason: code, retryAt: retryAt.toISOString() },
        'Token refresh failed; the session stays',
      ),
  });
  app.decorate('sessions', sessions);
  const household: Household = {
    db,
    lists: new PlayerLists({ db, apiBase: config.provider.apiBase, fetch: fetchImpl, now }),
  };
  app.decorate('household', household);
  const players = createPlayerConfigAccess(config.provider.apiBase, fetchImpl);
  const vapid = vapidFromConfig(config);
  const worker = startAlarmWorker(app, config, db, { ...deps, sessions, now }, players, vapid);
  app.decorateRequest('caller', null);
  registerErrorHandler(app);
  await registerCompression(app); // before any route: it hooks each route as it is added
  await registerApiDocs(app); // before the routes: it collects those registered after it
  await registerSecurityHeaders(app, config.provider);
  const limits = await registerRateLimits(app, config.rateLimits);
  app.addHook('onRequest', limits.perAddress);

  await app.register(healthRoutes, { db, providerProbeUrl: jwksUrl(config.provider), fetch: fetchImpl });
  await app.register(configRoutes, { runtimeConfig: toRuntimeConfig(config) });
  await app.register(cronRoutes, {
    db,
    worker,
    cronSecret: config.cronSecret,
    workerOn: config.alarmWorker,
    now,
  });

  // Every route not on the public list needs a credential: a session cookie or a provider token.
  const verify = createTokenVerifier(config.provider, fetchImpl);
  registerCredentialCheck(app, { verify, sessions, publicUrl: config.sessions.publicUrl });
  await app.register(sessionRoutes, {
    provider: config.provider,
    cipher,
    sessions,
    verify,
    publicUrl: config.sessions.publicUrl,
    fetch: fetchImpl,
    now,
  });

  await app.register(async (api) => {
    api.addHook('onRequest', limits.perUser);
    await api.register(yotoProxyRoutes, {
      prefix: PROXY_PREFIX,
      apiBase: config.provider.apiBase,
      fetch: fetchImpl,
    });
    const cloud = { db, now, household };
    await api.register(cloudUserRoutes, cloud);
    await api.register(cloudAlarmRoutes, cloud);
    await api.register(cloudAlarmSkipRoutes, cloud);
    await api.register(cloudAlarmByTypeRoutes, cloud);
    await api.register(alarmTriggerRoutes, { ...cloud, worker });
    // Every successful write (alarms, a time zone change) re-arms the timers at once.
    api.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && reply.statusCode < 400) worker.notify();
    });
  });
  // Apart from the alarm routes: a pin is no reason to re-arm the alarm worker.
  await app.register(async (api) => {
    api.addHook('onRequest', limits.perUser);
    await api.register(favouriteRoutes, { db, now });
  });
  // Web Push subscriptions and settings: no re-arming either.
  await app.register(async (api) => {
    api.addHook('onRequest', limits.perUser);
    await api.register(pushRoutes, { db, now, vapid, extraEndpointHosts: config.push.extraEndpointHosts });
  });
  // Skip and pause of a player's own alarms: the runner polls for what is due, no re-arming.
  await app.register(async (api) => {
    api.addHook('onRequest', limits.perUser);
    await api.register(deviceAlarmHoldRoutes, {
      db,
      now,
      marginMs: config.deviceAlarmHoldMarginMs,
      players,
    });
    await api.register(deviceHistoryRoutes, { db, now, players });
  });

  await registerWebApp(app, config.webDist);
}

/** The worker of this process: its timers run from `ready` (unless ALARM_WORKER=off) until close. */
function startAlarmWorker(
  app: FastifyInstance,
  config: ServerConfig,
  db: Kysely<Database>,
  deps: AppDeps & { sessions: SessionStore; now: () => Date },
  players: PlayerConfigAccess,
  vapid: VapidKeys | null,
): AlarmWorker {
  const log = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => app.log[level](message);
  // Push (when this server has VAPID keys): the worker's news, held news, the players' watch.
  const push =
    vapid === null
      ? null
      : createPushWiring({
          config,
          db,
          vapid,
          clock: deps.workerClock ?? systemClock,
          tokens: workerTokens(config, deps),
          household: app.household,
          players,
          log,
          ...(deps.pushFetch === undefined ? {} : { pushFetch: deps.pushFetch }),
        });
  const worker = createAlarmWorker(
    config,
    db,
    deps,
    log,
    push === null ? {} : { onReceipt: push.onReceipt, onOfflineAtPrepare: push.onOfflineAtPrepare },
  );
  const holds = createHoldRunner(config, db, deps, players, log);
  const purge = createRetentionPurge(db, deps, log);
  app.decorate('holdRunner', holds);
  app.decorate('pushRunners', push);
  if (config.alarmWorker) {
    app.addHook('onReady', async () => {
      holds.start();
      purge.start();
      push?.pending.start();
      push?.watch.start();
      await worker.start();
    });
  }
  // preClose: before the database closes (onClose).
  app.addHook('preClose', async () => {
    await holds.stop();
    await purge.stop();
    await push?.pending.stop();
    await push?.watch.stop();
    await worker.stop();
  });
  return worker;
}
