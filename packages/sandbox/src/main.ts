// Runs the sandbox on its own: `npx tsx packages/sandbox/src/main.ts`.
import { z } from 'zod';
import { clientRegistrationEnv } from './client-registration';
import { householdCountSchema } from './household-accounts';
import { startSandbox } from './sandbox';
import { isValidTimeZone } from '@playlist-alarms/core/alarms/local-time';
import {
  DEFAULT_HOME_TIME_ZONE,
  DEFAULT_PLAYLIST_COUNT,
  MAX_PLAYLISTS,
  MIN_PLAYLISTS,
} from './seed-household';

const port = z.coerce.number().int().min(0).max(65535);
const env = z
  .object({
    SANDBOX_PORT: port.default(8090),
    SANDBOX_MQTT_PORT: port.default(1884),
    SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
    SANDBOX_PUBLIC_URL: z.url().optional(),
    SANDBOX_PLAYLIST_COUNT: z.coerce
      .number()
      .int()
      .min(MIN_PLAYLISTS)
      .max(MAX_PLAYLISTS)
      .default(DEFAULT_PLAYLIST_COUNT),
    /** Load-test households of two players each (accounts household-1 … household-n). */
    SANDBOX_HOUSEHOLDS: householdCountSchema.default(0),
    SANDBOX_TOKEN_LIFETIME: z.coerce.number().int().min(1).default(3600),
    /** The demo family's own players' zone (Grandma's Player stays in America/New_York). */
    SANDBOX_HOME_TIMEZONE: z
      .string()
      .refine(isValidTimeZone, 'an IANA time zone such as Europe/London')
      .default(DEFAULT_HOME_TIME_ZONE),
    /** The test knobs under /_sandbox/: off unless '1' (they mint tokens without a sign-in). */
    SANDBOX_KNOBS: z.enum(['0', '1']).default('0'),
    /** The demo client's granted scopes (space-separated); default: what the app uses. */
    SANDBOX_GRANTED_SCOPES: clientRegistrationEnv.grantedScopes,
    /** Set: the demo client is confidential, and token requests need this secret. */
    SANDBOX_CLIENT_SECRET: clientRegistrationEnv.clientSecret,
    /** Where the app's page is served: the only origins a browser may use the sandbox from. */
    SANDBOX_APP_ORIGINS: z
      .string()
      .default('http://localhost:8080,http://127.0.0.1:8080')
      .transform((list) => list.split(',').map((origin) => origin.trim()))
      .pipe(z.array(z.url())),
  })
  .safeParse(process.env);

if (!env.success) {
  console.error(`Invalid sandbox environment:\n${z.prettifyError(env.error)}`);
  process.exit(1);
}

const sandbox = await startSandbox({
  host: env.data.SANDBOX_HOST,
  port: env.data.SANDBOX_PORT,
  mqttPort: env.data.SANDBOX_MQTT_PORT,
  playlistCount: env.data.SANDBOX_PLAYLIST_COUNT,
  households: env.data.SANDBOX_HOUSEHOLDS,
  homeTimeZone: env.data.SANDBOX_HOME_TIMEZONE,
  tokenLifetimeSeconds: env.data.SANDBOX_TOKEN_LIFETIME,
  ...(env.data.SANDBOX_PUBLIC_URL ? { publicUrl: env.data.SANDBOX_PUBLIC_URL } : {}),
  log: true,
  knobs: env.data.SANDBOX_KNOBS === '1',
  appOrigins: env.data.SANDBOX_APP_ORIGINS,
  ...(env.data.SANDBOX_GRANTED_SCOPES ? { grantedScopes: env.data.SANDBOX_GRANTED_SCOPES } : {}),
  clientSecret: env.data.SANDBOX_CLIENT_SECRET ?? null,
});
console.log(`Yoto sandbox at ${sandbox.url} (MQTT ${sandbox.wsUrl} and ${sandbox.mqttUrl})`);

const stop = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
