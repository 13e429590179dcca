// Demo mode: the local provider sandbox and the server in one process, wired to each other.
// `npm start` runs this after building the web app; Ctrl-C stops both cleanly.
import { z } from 'zod';
import { isValidTimeZone } from '@playlist-alarms/core/alarms/local-time';
import { loopbackTwins } from '@playlist-alarms/sandbox/app-origins';
import { clientRegistrationEnv } from '@playlist-alarms/sandbox/client-registration';
import { startSandbox } from '@playlist-alarms/sandbox/sandbox';
import { loadConfig } from '@playlist-alarms/server/config';
import { startServer } from '@playlist-alarms/server/start';

const port = z.coerce.number().int().min(0).max(65535);
const envSchema = z.object({
  SANDBOX_PORT: port.default(8090),
  SANDBOX_MQTT_PORT: port.default(1884),
  SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  SANDBOX_PLAYLISTS: z.coerce.number().int().min(1).max(20_000).optional(),
  SANDBOX_KNOBS: z.enum(['0', '1']).default('0'),
  SANDBOX_HOME_TIMEZONE: z
    .string()
    .refine(isValidTimeZone, 'an IANA time zone such as Europe/London')
    .optional(),
  /** The demo client's granted scopes; asking for more refuses the sign-in, as at the provider. */
  SANDBOX_GRANTED_SCOPES: clientRegistrationEnv.grantedScopes,
  /** Makes the demo client confidential; the server then sends this secret as its client secret. */
  SANDBOX_CLIENT_SECRET: clientRegistrationEnv.clientSecret,
});

async function main(): Promise<void> {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Bad environment: ${z.prettifyError(parsed.error)}`);
  }
  const env = parsed.data;
  const sandbox = await startSandbox({
    host: env.SANDBOX_HOST,
    port: env.SANDBOX_PORT,
    mqttPort: env.SANDBOX_MQTT_PORT,
    ...(env.SANDBOX_PLAYLISTS === undefined ? {} : { playlistCount: env.SANDBOX_PLAYLISTS }),
    // The e2e suite moves the family's players to where the clock reads noon (e2e/support/quiet-zone.ts).
    ...(env.SANDBOX_HOME_TIMEZONE === undefined ? {} : { homeTimeZone: env.SANDBOX_HOME_TIMEZONE }),
    // The test knobs mint tokens without a sign-in: only for the e2e suite, which asks for them.
    knobs: env.SANDBOX_KNOBS === '1',
    ...(env.SANDBOX_GRANTED_SCOPES ? { grantedScopes: env.SANDBOX_GRANTED_SCOPES } : {}),
    clientSecret: env.SANDBOX_CLIENT_SECRET ?? null,
  });
  const config = loadConfig({
    // The demo console shows the URL and problems, not a JSON line per request; LOG_LEVEL overrides.
    LOG_LEVEL: 'warn',
    ...process.env,
    APP_MODE: 'demo',
    // Every provider setting points at the sandbox; alarms ring with the users' server sessions.
    SANDBOX_URL: sandbox.url,
    PROVIDER_API_BASE: sandbox.url,
    PROVIDER_AUTH_ISSUER: sandbox.url,
    PROVIDER_AUDIENCE: sandbox.url,
    PROVIDER_BROKER_URL: sandbox.wsUrl,
    PROVIDER_CLIENT_ID: 'playlist-alarms-demo',
    // The sandbox's client is the server's: confidential when SANDBOX_CLIENT_SECRET makes it so.
    PROVIDER_CLIENT_SECRET: env.SANDBOX_CLIENT_SECRET ?? '',
  });
  const server = await startServer(config);
  // The page may use the sandbox from the app's own origin only (as served, and as configured).
  sandbox.allowAppOrigins([
    ...loopbackTwins(server.url),
    ...(config.sessions.publicUrl === null ? [] : [config.sessions.publicUrl]),
  ]);
  console.log(
    `Provider sandbox: ${sandbox.url} (MQTT over WebSocket ${sandbox.wsUrl}, TCP ${sandbox.mqttUrl})`,
  );
  // Loopback is where the browser will be: name it as a person types it.
  const shown = server.url.replace('://127.0.0.1:', '://localhost:');
  console.log(`Playlist Alarms (demo mode) is running at ${shown}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping…`);
    Promise.allSettled([server.close(), sandbox.close()])
      .then((results) => {
        const failed = results.filter((r) => r.status === 'rejected');
        for (const f of failed) console.error(f.reason);
        process.exit(failed.length === 0 ? 0 : 1);
      })
      .catch(() => process.exit(1));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
