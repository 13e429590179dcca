import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { RuntimeConfig } from '@playlist-alarms/core/runtime-config';

export type AppMode = 'demo' | 'real';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface ProviderConfig {
  apiBase: string;
  authIssuer: string;
  clientId: string;
  audience: string;
  scope: string;
  brokerUrl: string;
  cardLinkHost: string;
}

export interface ServerConfig {
  mode: AppMode;
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  database: DatabaseConfig;
  provider: ProviderConfig;
  /** Absolute path of the built web app (Vite's dist folder). */
  webDist: string;
  logLevel: LogLevel;
  /** ALARM_WORKER: this process runs the alarm timers (off: only trigger and cron fire). */
  alarmWorker: boolean;
  /** CRON_SECRET: when set, /api/cron/* need it; null leaves them open (they carry no user data). */
  cronSecret: string | null;
  /** SANDBOX_URL: a sandbox running apart that every provider setting points at by default. */
  sandboxUrl: string | null;
}

/** Thrown by loadConfig; the message lists every bad variable on its own line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const DEMO_CLIENT_ID = 'playlist-alarms-demo';
export const DEFAULT_SCOPE =
  'openid profile offline_access user:content:view family:library:view family:devices:view family:devices:manage family:devices:control';

const REAL_DEFAULTS = {
  apiBase: 'https://api.yotoplay.com',
  authIssuer: 'https://login.yotoplay.com',
  brokerUrl: 'wss://aqrphjqbp3u2z-ats.iot.eu-west-2.amazonaws.com',
};
// Demo mode without explicit URLs points at the sandbox's default address (`npm start` passes
// the URLs of the sandbox it started, so these only matter when the server runs alone).
const DEMO_DEFAULTS = {
  apiBase: 'http://127.0.0.1:8090',
  authIssuer: 'http://127.0.0.1:8090',
  brokerUrl: 'ws://127.0.0.1:8090/mqtt',
};
const DEFAULT_CARD_LINK_HOST = 'https://yoto.io';
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

// An empty variable (`PORT=`) means "not set", as a shell user expects.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((u) => u.replace(/\/+$/, ''));

const envSchema = z.object({
  APP_MODE: optional(z.enum(['demo', 'real'], { error: "must be 'demo' or 'real'" })),
  PORT: optional(
    z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be 0 to 65535')
      .max(65535, 'must be 0 to 65535'),
  ),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }),
  ),
  PROVIDER_API_BASE: optional(httpUrl),
  PROVIDER_AUTH_ISSUER: optional(httpUrl),
  PROVIDER_CLIENT_ID: optional(z.string()),
  PROVIDER_AUDIENCE: optional(z.string()),
  PROVIDER_SCOPE: optional(z.string()),
  PROVIDER_BROKER_URL: optional(z.url({ protocol: /^wss?$/, error: 'must be a ws:// or wss:// URL' })),
  CARD_LINK_HOST: optional(httpUrl),
  WEB_DIST: optional(z.string()),
  ALARM_WORKER: optional(z.enum(['on', 'off'], { error: "must be 'on' or 'off'" })),
  CRON_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  SANDBOX_URL: optional(httpUrl),
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    }),
  ),
});

/** Reads and checks the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const got = env[name];
        return `${name}: ${issue.message}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`;
      });
  const sandboxUrl = parsed.data?.SANDBOX_URL;
  const mode: AppMode =
    parsed.data?.APP_MODE ?? (env.APP_MODE === 'demo' || sandboxUrl !== undefined ? 'demo' : 'real');
  const clientId = parsed.data?.PROVIDER_CLIENT_ID ?? (mode === 'demo' ? DEMO_CLIENT_ID : undefined);
  if (clientId === undefined && !env.PROVIDER_CLIENT_ID?.trim()) {
    problems.push(
      'PROVIDER_CLIENT_ID: required when APP_MODE=real (the client id from the provider’s developer dashboard); set APP_MODE=demo to run against the local sandbox',
    );
  }
  if (!parsed.success || clientId === undefined) throw new ConfigError(problems);
  const e = parsed.data;
  const defaults =
    sandboxUrl !== undefined ? sandboxDefaults(sandboxUrl) : mode === 'demo' ? DEMO_DEFAULTS : REAL_DEFAULTS;
  const apiBase = e.PROVIDER_API_BASE ?? defaults.apiBase;
  const dataDir = path.resolve(e.DATA_DIR ?? './data');
  return {
    mode,
    port: e.PORT ?? 8080,
    host: e.HOST ?? '127.0.0.1',
    dataDir,
    database:
      e.DATABASE_URL === undefined
        ? { kind: 'sqlite', file: path.join(dataDir, 'playlist-alarms.sqlite') }
        : { kind: 'postgres', url: e.DATABASE_URL },
    provider: {
      apiBase,
      authIssuer: e.PROVIDER_AUTH_ISSUER ?? defaults.authIssuer,
      clientId,
      audience: e.PROVIDER_AUDIENCE ?? apiBase,
      scope: e.PROVIDER_SCOPE ?? DEFAULT_SCOPE,
      brokerUrl: e.PROVIDER_BROKER_URL ?? defaults.brokerUrl,
      cardLinkHost: e.CARD_LINK_HOST ?? DEFAULT_CARD_LINK_HOST,
    },
    webDist: e.WEB_DIST === undefined ? DEFAULT_WEB_DIST : path.resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL ?? 'info',
    alarmWorker: e.ALARM_WORKER !== 'off',
    cronSecret: e.CRON_SECRET ?? null,
    sandboxUrl: sandboxUrl ?? null,
  };
}

/** A sandbox at `url` serves REST, OAuth and MQTT over WebSocket at /mqtt. */
const sandboxDefaults = (url: string) => ({
  apiBase: url,
  authIssuer: url,
  brokerUrl: `${url.replace(/^http/, 'ws')}/mqtt`,
});

/** What GET /api/config hands the web app: public values only, never secrets or paths. */
export function toRuntimeConfig(config: ServerConfig): RuntimeConfig {
  return {
    provider: {
      apiBase: config.provider.apiBase,
      authIssuer: config.provider.authIssuer,
      clientId: config.provider.clientId,
      audience: config.provider.audience,
      scope: config.provider.scope,
      brokerUrl: config.provider.brokerUrl,
      cardLinkHost: config.provider.cardLinkHost,
    },
    // The web app is served by this server, so the backend is its own origin.
    backendBase: '',
    mode: config.mode,
  };
}
