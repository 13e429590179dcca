// The provider sandbox and the server in one process, wired to each other: `npm start` serves the
// built app with them (scripts/start.ts), `npm run dev` puts Vite in front (scripts/dev.ts).
import { z } from 'zod';
import { isValidTimeZone } from '@playlist-alarms/core/alarms/local-time';
import { loopbackTwins } from '@playlist-alarms/sandbox/app-origins';
import { clientRegistrationEnv } from '@playlist-alarms/sandbox/client-registration';
import { householdCountSchema } from '@playlist-alarms/sandbox/household-accounts';
import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import { loadConfig, type ServerConfig } from '@playlist-alarms/server/config';
import { startServer, type RunningServer } from '@playlist-alarms/server/start';

const port = z.coerce.number().int().min(0).max(65535);
const envSchema = z.object({
  SANDBOX_PORT: port.default(8090),
  SANDBOX_MQTT_PORT: port.default(1884),
  SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  SANDBOX_PLAYLISTS: z.coerce.number().int().min(1).max(20_000).optional(),
  SANDBOX_KNOBS: z.enum(['0', '1']).default('0'),
  /** Load-test households of two players each (accounts household-1 … household-n). */
  SANDBOX_HOUSEHOLDS: householdCountSchema.default(0),
  SANDBOX_HOME_TIMEZONE: z
    .string()
    .refine(isValidTimeZone, 'an IANA time zone such as Europe/London')
    .optional(),
  /** The demo client's granted scopes; asking for more refuses the sign-in, as at the provider. */
  SANDBOX_GRANTED_SCOPES: clientRegistrationEnv.grantedScopes,
  /** Makes the demo client confidential; the server then sends this secret as its client secret. */
  SANDBOX_CLIENT_SECRET: clientRegistrationEnv.clientSecret,
});

export interface DemoStack {
  sandbox: RunningSandbox;
  server: RunningServer;
  config: ServerConfig;
  /**
   * The page may use the sandbox (CORS, MQTT over WebSocket) from these URLs' origins only, each
   * under both loopback names, and from PUBLIC_URL when it is set.
   */
  allowPagesAt(urls: readonly string[]): void;
  close(): Promise<void>;
}

/** Starts the sandbox, then the server pointed at it, from `env` (the process's environment). */
export async function startDemoStack(env: NodeJS.ProcessEnv): Promise<DemoStack> {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Bad environment: ${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  const sandbox = await startSandbox({
    host: e.SANDBOX_HOST,
    port: e.SANDBOX_PORT,
    mqttPort: e.SANDBOX_MQTT_PORT,
    ...(e.SANDBOX_PLAYLISTS === undefined ? {} : { playlistCount: e.SANDBOX_PLAYLISTS }),
    households: e.SANDBOX_HOUSEHOLDS,
    // The e2e suite moves the family's players to where the clock reads noon (e2e/support/quiet-zone.ts).
    ...(e.SANDBOX_HOME_TIMEZONE === undefined ? {} : { homeTimeZone: e.SANDBOX_HOME_TIMEZONE }),
    // The test knobs mint tokens without a sign-in: only for the e2e suite, which asks for them.
    knobs: e.SANDBOX_KNOBS === '1',
    ...(e.SANDBOX_GRANTED_SCOPES ? { grantedScopes: e.SANDBOX_GRANTED_SCOPES } : {}),
    clientSecret: e.SANDBOX_CLIENT_SECRET ?? null,
  });
  try {
    const config = loadConfig({
      // The demo console shows the URL and problems, not a JSON line per request; LOG_LEVEL overrides.
      LOG_LEVEL: 'warn',
      ...env,
      APP_MODE: 'demo',
      // Every provider setting points at the sandbox; alarms ring with the users' server sessions.
      SANDBOX_URL: sandbox.url,
      PROVIDER_API_BASE: sandbox.url,
      PROVIDER_AUTH_ISSUER: sandbox.url,
      PROVIDER_AUDIENCE: sandbox.url,
      PROVIDER_BROKER_URL: sandbox.wsUrl,
      PROVIDER_CLIENT_ID: 'playlist-alarms-demo',
      // The sandbox's client is the server's: confidential when SANDBOX_CLIENT_SECRET makes it so.
      PROVIDER_CLIENT_SECRET: e.SANDBOX_CLIENT_SECRET ?? '',
    });
    const server = await startServer(config);
    return {
      sandbox,
      server,
      config,
      allowPagesAt: (urls) =>
        sandbox.allowAppOrigins([
          ...urls.flatMap(loopbackTwins),
          ...(config.sessions.publicUrl === null ? [] : [config.sessions.publicUrl]),
        ]),
      close: () => closeAll([() => server.close(), () => sandbox.close()]),
    };
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}

/** Runs every close, even after one fails; rejects with the first failure once all have ended. */
export async function closeAll(closers: ReadonlyArray<() => Promise<void>>): Promise<void> {
  const results = await Promise.allSettled(closers.map((close) => close()));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Loopback is where the browser will be: a URL as a person types it. */
export const shownUrl = (url: string): string => url.replace('://127.0.0.1:', '://localhost:');

/** Ctrl-C (SIGINT) or SIGTERM runs `stop` once, then exits: 0 when it resolved, else 1. */
export function exitOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping…`);
    stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
}

/** A script's top level: a failure prints its message (not a stack) and exits 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
