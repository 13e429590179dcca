// startSandbox: the local stand-in for the provider cloud. One Fastify HTTP server (OAuth, REST,
// cover art, test knobs) whose http.Server also takes MQTT over WebSocket at /mqtt, plus plain
// MQTT on TCP. Everything it starts, close() stops.
import type { AddressInfo } from 'node:net';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import type { FastifyError } from 'fastify';
import type { AccountKey } from './accounts';
import { appOrigins } from './app-origins';
import { startBroker } from './broker';
import { realCloudBehaviour } from './cloud-behaviour';
import type { CloudBehaviour } from './cloud-behaviour';
import { defaultRegistration } from './client-registration';
import { registerContentRoutes } from './content-routes';
import { accountDirectory } from './household-accounts';
import type { SandboxContext } from './context';
import { registerCoverRoutes } from './cover-art';
import { registerDeviceRoutes } from './device-routes';
import { noFaults } from './faults';
import { registerKnobRoutes } from './knob-routes';
import { registerOAuthRoutes } from './oauth-routes';
import { PlayerFleet } from './player-fleet';
import type { PlayerSettings } from './player-state';
import { DEFAULT_PLAYLIST_COUNT, seedHousehold } from './seed-household';
import { addHouseholds } from './seed-households';
import { TokenService } from './token-service';

interface SandboxOptions {
  /** Default '127.0.0.1'. */
  host?: string;
  /** HTTP and MQTT over WebSocket (/mqtt); 0 = a free port. */
  port?: number;
  /** Plain MQTT over TCP; 0 = a free port. */
  mqttPort?: number;
  /** Default 3600. */
  tokenLifetimeSeconds?: number;
  /** Own playlists of the demo account: default 42, from 7 up to 10,000. */
  playlistCount?: number;
  /**
   * Load-test households (seed-households.ts): accounts household-1 … household-n, two players each.
   * Default 0; at most MAX_HOUSEHOLDS.
   */
  households?: number;
  /** The zone of the demo family's own players (default Europe/London); Grandma's stays in New York. */
  homeTimeZone?: string;
  log?: boolean;
  /** The URL clients use (token issuer), when not http://{host}:{port}, e.g. http://localhost:8090. */
  publicUrl?: string;
  /** Timings and rates of every simulated player (tests shorten the reboot, speed up the battery). */
  playerSettings?: Partial<PlayerSettings>;
  /**
   * The scopes the demo client is granted (default: what the app uses, no OpenID): asking for
   * another refuses the sign-in with access_denied, as the real login does.
   */
  grantedScopes?: readonly string[];
  /** Makes the demo client confidential: token requests must carry this client_secret. */
  clientSecret?: string | null;
  /** Switch points back to the old contract (default: the real cloud's behaviour, cloud-behaviour.ts). */
  behaviour?: Partial<CloudBehaviour>;
  /**
   * The test knobs under /_sandbox/ (faults, players, tokens without the sign-in page). On for the
   * tests that start a sandbox in-process; the runnable sandbox and the demo turn them on only with
   * SANDBOX_KNOBS=1, so no one can mint tokens from a sandbox left running.
   */
  knobs?: boolean;
  /**
   * The app's origins: the only ones a browser page may use the sandbox from (CORS, MQTT over
   * WebSocket). Usually set with allowAppOrigins() once the app's server listens.
   */
  appOrigins?: readonly string[];
}

export interface RunningSandbox {
  url: string;
  wsUrl: string;
  mqttUrl: string;
  close(): Promise<void>;
  /** Replaces the origins a browser page may use the sandbox from. */
  allowAppOrigins(origins: readonly string[]): void;
  issueTokens(
    account: AccountKey,
  ): Promise<{ access_token: string; refresh_token: string; expires_in: number }>;
}

const hostForUrl = (host: string): string =>
  host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const playlistCount = options.playlistCount ?? DEFAULT_PLAYLIST_COUNT;
  const accounts = accountDirectory(options.households ?? 0);
  const seed = () => addHouseholds(seedHousehold(playlistCount, options.homeTimeZone), accounts.households);
  const household = seed();
  const faults = noFaults();
  const initialBehaviour = (): CloudBehaviour => ({ ...realCloudBehaviour(), ...options.behaviour });
  const behaviour = initialBehaviour();
  const startRegistration = () =>
    defaultRegistration({
      ...(options.grantedScopes === undefined ? {} : { grantedScopes: options.grantedScopes }),
      clientSecret: options.clientSecret ?? null,
    });
  const registration = startRegistration();
  const tokens = await TokenService.create(() => ctx.baseUrl, options.tokenLifetimeSeconds ?? 3600, accounts);

  let fleet: PlayerFleet | null = null;
  const broker = await startBroker({
    tokens,
    faults,
    devices: () => ctx.household.devices,
    onMessage: (topic, payload) => fleet?.route(topic, payload),
  });
  fleet = new PlayerFleet((topic, message) => broker.publish(topic, message), options.playerSettings);
  fleet.load(household);
  const ctx: SandboxContext = {
    baseUrl: '',
    tokens,
    accounts,
    faults,
    behaviour,
    registration,
    fleet,
    household,
  };

  const origins = appOrigins(options.appOrigins);
  const app = Fastify({ logger: options.log ?? false, forceCloseConnections: true });
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origins.allows(origin)),
    methods: ['GET', 'POST', 'PUT', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
  await app.register(formbody);
  // A knob POST without a body but with a JSON content type (some test clients send one) is fine.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return defaultJson(request, text, done);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    return reply.code(status).send({
      error: {
        code: status === 500 ? 'internal' : 'bad-request',
        message: status === 500 ? 'Internal error' : error.message,
      },
    });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ error: { code: 'not-found', message: `No route ${request.method} ${request.url}` } }),
  );
  registerOAuthRoutes(app, ctx);
  registerContentRoutes(app, ctx);
  registerDeviceRoutes(app, ctx);
  registerCoverRoutes(app);
  if (options.knobs ?? true)
    registerKnobRoutes(app, ctx, {
      reset: () => {
        ctx.household = seed();
        fleet.load(ctx.household);
        Object.assign(faults, noFaults());
        Object.assign(behaviour, initialBehaviour());
        Object.assign(registration, startRegistration());
        tokens.setLifetime(null);
      },
      startRegistration,
      faultsChanged: () => {
        if (faults.mqttRefuseLogin || faults.brokerDown) broker.dropClients();
      },
      publishRaw: (topic, payload) => broker.publishRaw(topic, payload),
      brokerStats: () => broker.stats(),
    });
  app.server.on('upgrade', (request, socket, head) => {
    if (origins.admitUpgrade(request, socket)) broker.handleUpgrade(request, socket, head);
  });

  try {
    await app.listen({ host, port: options.port ?? 0 });
    const httpPort = (app.server.address() as AddressInfo).port;
    const mqttPort = await broker.listenTcp(host, options.mqttPort ?? 0);
    ctx.baseUrl = (options.publicUrl ?? `http://${hostForUrl(host)}:${httpPort}`).replace(/\/$/, '');
    fleet.start();
    const wsUrl = `${ctx.baseUrl.replace(/^http/, 'ws')}/mqtt`;
    const mqttUrl = `mqtt://${hostForUrl(host)}:${mqttPort}`;
    let closing: Promise<void> | null = null;
    return {
      url: ctx.baseUrl,
      wsUrl,
      mqttUrl,
      close: () => {
        closing ??= (async () => {
          fleet.stop();
          await broker.close();
          await app.close();
        })();
        return closing;
      },
      allowAppOrigins: (list) => origins.set(list),
      issueTokens: async (account) => {
        const { access_token, refresh_token, expires_in } = await tokens.issueFor(
          account,
          registration,
          behaviour,
        );
        // '' when the grant has no offline_access (the provider issues no refresh token then).
        return { access_token, refresh_token: refresh_token ?? '', expires_in };
      },
    };
  } catch (error) {
    fleet.stop();
    await broker.close();
    await app.close();
    throw error;
  }
}
