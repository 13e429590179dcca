import { SWITCH_ON_MARGIN_MS } from '@playlist-alarms/core/alarms/alarm-hold';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { RuntimeConfig } from '@playlist-alarms/core/shared/runtime-config';
import { loadSessionConfig, type SessionConfig } from './sessions/session-config';
import { loadPushConfig, type PushConfig } from './push/push-config';
import { FAULT_HOLD_POINTS, type FaultHoldPoint } from './alarm-worker/fault-hold';

export type AppMode = 'demo' | 'real';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface ProviderConfig {
  apiBase: string;
  authIssuer: string;
  clientId: string;
  /**
   * A confidential client's secret (PROVIDER_CLIENT_SECRET): sent with the code exchange and every
   * refresh, never to the browser (toRuntimeConfig leaves it out), masked in errors. null: public.
   */
  clientSecret: string | null;
  audience: string;
  scope: string;
  brokerUrl: string;
  cardLinkHost: string;
}

/** Fastify's trustProxy: off, any proxy, a hop count, or the proxies' addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

/** Requests per window; 0 turns a limit off. */
export interface RateLimits {
  windowMs: number;
  perAddress: number;
  perUser: number;
  /** Routes that opt in with `config: { rateLimitTier: 'sign-in' }`: per address, on top of the others. */
  signIn: number;
  /** REDIS_URL: counted in Redis and shared by every replica; null: counted in this process. */
  redis: RedisCounting | null;
}

export interface RedisCounting {
  /** redis:// or rediss://; may hold a password, so it is logged redacted. */
  url: string;
  /** Prefix of every counter's key (tests give each run its own). */
  keyPrefix: string;
}

export interface Timeouts {
  /** Whole request received (Node's requestTimeout). */
  requestMs: number;
  /** Request headers received (Node's headersTimeout). */
  headersMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
  /** A socket with no activity at all is closed after this (Fastify's connectionTimeout). */
  connectionMs: number;
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
  /** Token encryption keys and the public origin (src/sessions/session-config.ts). */
  sessions: SessionConfig;
  trustProxy: TrustProxy;
  rateLimits: RateLimits;
  timeouts: Timeouts;
  /** ALARM_WORKER: this process runs the alarm timers (off: only trigger and cron fire). */
  alarmWorker: boolean;
  /** CRON_SECRET: when set, /api/cron/* need it; null leaves them open (they carry no user data). */
  cronSecret: string | null;
  /** SANDBOX_URL: a sandbox running apart that every provider setting points at by default. */
  sandboxUrl: string | null;
  /** DEVICE_ALARM_HOLD_MARGIN_S: how long after a skipped ringing a held alarm goes back on (ms). */
  deviceAlarmHoldMarginMs: number;
  /** PUSH_WATCH_INTERVAL_S: how often the evening check and low battery read the players (ms). */
  pushWatchIntervalMs: number;
  /** VAPID_* and PUSH_ENDPOINT_HOSTS (src/push/push-config.ts). */
  push: PushConfig;
  /**
   * ALARM_WORKER_FAULT_HOLD: a test seam (src/alarm-worker/fault-hold.ts), demo mode only: the
   * worker holds each firing it claims at this point until killed. null: never.
   */
  alarmWorkerFaultHold: FaultHoldPoint | null;
}

const DEFAULT_RATE_LIMITS: Omit<RateLimits, 'redis'> = {
  windowMs: 60_000,
  perAddress: 1200,
  perUser: 600,
  signIn: 20,
};
const DEFAULT_RATE_LIMIT_KEY_PREFIX = 'playlist-alarms:rate-limit:';
const DEFAULT_TIMEOUTS: Timeouts = {
  requestMs: 30_000,
  headersMs: 15_000,
  keepAliveMs: 72_000,
  connectionMs: 120_000,
};

/** Thrown by loadConfig; the message lists every bad variable on its own line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DEMO_CLIENT_ID = 'playlist-alarms-demo';
/**
 * Only what the app uses: the provider refuses the whole sign-in (access_denied) when a client
 * asks for a scope it was not granted, and new clients get no OpenID scopes. PROVIDER_SCOPE may
 * add `openid profile` (a name from the ID token) or `family:view` (the family member record).
 */
export const DEFAULT_SCOPE =
  'offline_access user:content:view family:library:view family:devices:view family:devices:manage family:devices:control';

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
/** The evening check's pace: a flat player is told within minutes, a player read 12 times an hour. */
const DEFAULT_PUSH_WATCH_INTERVAL_S = 300;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((u) => u.replace(/\/+$/, ''));

const perMinute = z.coerce
  .number({ error: 'must be a number of requests per minute' })
  .int('must be a whole number')
  .min(0, 'must be 0 (off) or more');

const ipOrCidr = /^[0-9A-Fa-f.:]+(\/\d{1,3})?$/;
const trustProxy = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.trim();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((part) => part.trim());
  if (list.every((part) => ipOrCidr.test(part) || part === 'loopback' || part === 'uniquelocal')) return list;
  ctx.addIssue({
    code: 'custom',
    message: "must be 'true', 'false', a hop count, or comma-separated proxy addresses/CIDRs",
  });
  return z.NEVER;
});

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
  PROVIDER_CLIENT_SECRET: optional(z.string().max(1024, 'must be at most 1024 characters')),
  PROVIDER_AUDIENCE: optional(z.string()),
  PROVIDER_SCOPE: optional(z.string()),
  PROVIDER_BROKER_URL: optional(z.url({ protocol: /^wss?$/, error: 'must be a ws:// or wss:// URL' })),
  CARD_LINK_HOST: optional(httpUrl),
  WEB_DIST: optional(z.string()),
  ALARM_WORKER: optional(z.enum(['on', 'off'], { error: "must be 'on' or 'off'" })),
  ALARM_WORKER_FAULT_HOLD: optional(
    z.enum(FAULT_HOLD_POINTS, { error: `must be one of ${FAULT_HOLD_POINTS.join(', ')}` }),
  ),
  CRON_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  SANDBOX_URL: optional(httpUrl),
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    }),
  ),
  TRUST_PROXY: optional(trustProxy),
  RATE_LIMIT_PER_ADDRESS: optional(perMinute),
  RATE_LIMIT_PER_USER: optional(perMinute),
  RATE_LIMIT_SIGN_IN: optional(perMinute),
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })),
  DEVICE_ALARM_HOLD_MARGIN_S: optional(
    z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number')
      .min(5, 'must be at least 5 seconds')
      .max(3600, 'must be at most 3600 seconds'),
  ),
  PUSH_WATCH_INTERVAL_S: optional(
    z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number')
      .min(5, 'must be at least 5 seconds')
      .max(3600, 'must be at most 3600 seconds'),
  ),
});

// Variables whose values may hold a password or key: never echoed as they are.
const SECRET_NAME = /(DATABASE_URL|REDIS_URL|SECRET|PASSWORD|TOKEN|KEY)/;

/** How a bad value is quoted in an error: secrets masked (a URL keeps all but its password). */
export function describeValue(name: string, value: string): string {
  if (!SECRET_NAME.test(name)) return JSON.stringify(value);
  // A URL's password sits between `user:` and `@`; mask it even when the URL does not parse.
  const masked = value
    .replace(/^([^:/?#]+:\/\/[^:/@?#]*:).*@/, '$1***@')
    .replace(/([?&]password=)[^&#]*/gi, '$1***');
  if (masked !== value) return JSON.stringify(masked);
  return /^[a-z][a-z0-9+.-]*:\/\/[^@]*$/i.test(value) ? JSON.stringify(value) : '[hidden]';
}

/** Reads and checks the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const got = env[name];
        return `${name}: ${issue.message}${got === undefined ? '' : ` (got ${describeValue(name, got)})`}`;
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
  const faultHoldRefused = mode === 'real' && parsed.data?.ALARM_WORKER_FAULT_HOLD !== undefined;
  if (faultHoldRefused) {
    problems.push('ALARM_WORKER_FAULT_HOLD: a test seam that stops alarms; refused when APP_MODE=real');
  }
  const sessions = loadSessionConfig(env, mode);
  problems.push(...sessions.problems);
  const push = loadPushConfig(env);
  problems.push(...push.problems);
  if (
    !parsed.success ||
    clientId === undefined ||
    sessions.config === null ||
    push.config === null ||
    faultHoldRefused
  ) {
    throw new ConfigError(problems);
  }
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
      clientSecret: e.PROVIDER_CLIENT_SECRET ?? null,
      audience: e.PROVIDER_AUDIENCE ?? apiBase,
      scope: e.PROVIDER_SCOPE ?? DEFAULT_SCOPE,
      brokerUrl: e.PROVIDER_BROKER_URL ?? defaults.brokerUrl,
      cardLinkHost: e.CARD_LINK_HOST ?? DEFAULT_CARD_LINK_HOST,
    },
    webDist: e.WEB_DIST === undefined ? DEFAULT_WEB_DIST : path.resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL ?? 'info',
    sessions: sessions.config,
    trustProxy: e.TRUST_PROXY ?? false,
    rateLimits: {
      windowMs: DEFAULT_RATE_LIMITS.windowMs,
      perAddress: e.RATE_LIMIT_PER_ADDRESS ?? DEFAULT_RATE_LIMITS.perAddress,
      perUser: e.RATE_LIMIT_PER_USER ?? DEFAULT_RATE_LIMITS.perUser,
      signIn: e.RATE_LIMIT_SIGN_IN ?? DEFAULT_RATE_LIMITS.signIn,
      redis:
        e.REDIS_URL === undefined ? null : { url: e.REDIS_URL, keyPrefix: DEFAULT_RATE_LIMIT_KEY_PREFIX },
    },
    timeouts: { ...DEFAULT_TIMEOUTS },
    alarmWorker: e.ALARM_WORKER !== 'off',
    cronSecret: e.CRON_SECRET ?? null,
    sandboxUrl: sandboxUrl ?? null,
    deviceAlarmHoldMarginMs:
      e.DEVICE_ALARM_HOLD_MARGIN_S === undefined ? SWITCH_ON_MARGIN_MS : e.DEVICE_ALARM_HOLD_MARGIN_S * 1000,
    pushWatchIntervalMs: (e.PUSH_WATCH_INTERVAL_S ?? DEFAULT_PUSH_WATCH_INTERVAL_S) * 1000,
    push: push.config,
    alarmWorkerFaultHold: e.ALARM_WORKER_FAULT_HOLD ?? null,
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
