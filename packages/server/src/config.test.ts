import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '@playlist-alarms/core/shared/runtime-config';
import { ConfigError, DEFAULT_SCOPE, describeValue, loadConfig, toRuntimeConfig } from './config';

// A valid key for the real-mode cases (32 bytes, base64).
const KEY = Buffer.alloc(32, 7).toString('base64');

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('applies the real-mode defaults of the brief', () => {
    const config = loadConfig({ PROVIDER_CLIENT_ID: 'abc', TOKEN_ENCRYPTION_KEY: KEY });
    expect(config).toMatchObject({
      mode: 'real',
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      database: { kind: 'sqlite', file: path.resolve('data', 'playlist-alarms.sqlite') },
      provider: {
        apiBase: 'https://api.yotoplay.com',
        authIssuer: 'https://login.yotoplay.com',
        clientId: 'abc',
        audience: 'https://api.yotoplay.com',
        scope: DEFAULT_SCOPE,
        brokerUrl: 'wss://aqrphjqbp3u2z-ats.iot.eu-west-2.amazonaws.com',
        cardLinkHost: 'https://yoto.io',
      },
      logLevel: 'info',
    });
    expect(config.webDist).toMatch(/packages[/\\]web[/\\]dist$/);
  });

  it('requires a client id in real mode, and names the variable', () => {
    const error = configError({ TOKEN_ENCRYPTION_KEY: KEY });
    expect(error.problems).toHaveLength(1);
    expect(error.message).toContain('PROVIDER_CLIENT_ID: required when APP_MODE=real');
    expect(configError({ PROVIDER_CLIENT_ID: '  ' }).message).toContain('PROVIDER_CLIENT_ID');
  });

  it('defaults the demo client id and the sandbox URLs in demo mode', () => {
    const config = loadConfig({ APP_MODE: 'demo' });
    expect(config.provider.clientId).toBe('playlist-alarms-demo');
    expect(config.provider.apiBase).toBe('http://127.0.0.1:8090');
    expect(config.provider.brokerUrl).toBe('ws://127.0.0.1:8090/mqtt');
  });

  it('lists every bad variable with the value it got', () => {
    const error = configError({
      APP_MODE: 'staging',
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/x',
      PROVIDER_API_BASE: 'not a url',
      PROVIDER_BROKER_URL: 'https://broker',
      LOG_LEVEL: 'loud',
      PROVIDER_CLIENT_ID: 'abc',
      TOKEN_ENCRYPTION_KEY: KEY,
    });
    const names = error.problems.map((p) => p.split(':')[0]);
    expect(names.sort()).toEqual(
      ['APP_MODE', 'DATABASE_URL', 'LOG_LEVEL', 'PORT', 'PROVIDER_API_BASE', 'PROVIDER_BROKER_URL'].sort(),
    );
    expect(error.message).toMatch(/^Invalid configuration:\n {2}- /);
    expect(error.message).toContain('PORT: must be a port number (got "eighty")');
    expect(
      configError({ PORT: '70000', PROVIDER_CLIENT_ID: 'a', TOKEN_ENCRYPTION_KEY: KEY }).message,
    ).toContain('0 to 65535');
  });

  it('reports a missing client id together with other problems', () => {
    const error = configError({ PORT: '-1' });
    expect(error.problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'PORT',
      'PROVIDER_CLIENT_ID',
      'TOKEN_ENCRYPTION_KEY',
    ]);
  });

  it('honours the ALARM_WORKER_FAULT_HOLD test seam in demo mode only', () => {
    expect(loadConfig({ APP_MODE: 'demo' }).alarmWorkerFaultHold).toBeNull();
    expect(
      loadConfig({ APP_MODE: 'demo', ALARM_WORKER_FAULT_HOLD: 'after-claim' }).alarmWorkerFaultHold,
    ).toBe('after-claim');
    expect(configError({ APP_MODE: 'demo', ALARM_WORKER_FAULT_HOLD: 'later' }).message).toContain(
      'ALARM_WORKER_FAULT_HOLD: must be one of after-claim, after-card-start',
    );
    const real = configError({
      PROVIDER_CLIENT_ID: 'abc',
      TOKEN_ENCRYPTION_KEY: KEY,
      ALARM_WORKER_FAULT_HOLD: 'after-card-start',
    });
    expect(real.problems).toEqual([
      'ALARM_WORKER_FAULT_HOLD: a test seam that stops alarms; refused when APP_MODE=real',
    ]);
  });

  it('requires TOKEN_ENCRYPTION_KEY in real mode only, and never echoes a bad key', () => {
    expect(configError({ PROVIDER_CLIENT_ID: 'abc' }).message).toContain(
      'TOKEN_ENCRYPTION_KEY: required when APP_MODE=real',
    );
    expect(loadConfig({ APP_MODE: 'demo' }).sessions).toEqual({
      encryptionKey: null,
      previousKeys: [],
      publicUrl: null,
    });
    const shortKey = Buffer.alloc(16, 1).toString('base64');
    const error = configError({
      PROVIDER_CLIENT_ID: 'abc',
      TOKEN_ENCRYPTION_KEY: shortKey,
      TOKEN_ENCRYPTION_PREVIOUS_KEYS: `${KEY},not base64!`,
      PUBLIC_URL: 'ftp://x',
    });
    expect(error.problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'PUBLIC_URL',
      'TOKEN_ENCRYPTION_KEY',
      'TOKEN_ENCRYPTION_PREVIOUS_KEYS',
    ]);
    expect(error.message).toContain('must decode to 32 bytes (got 16)');
    expect(error.message).not.toContain(shortKey);
    expect(error.message).not.toContain(KEY);
  });

  it('reads the session settings: key, previous keys, public origin', () => {
    const previous = Buffer.alloc(32, 9).toString('base64url');
    const config = loadConfig({
      PROVIDER_CLIENT_ID: 'abc',
      TOKEN_ENCRYPTION_KEY: KEY,
      TOKEN_ENCRYPTION_PREVIOUS_KEYS: ` ${previous} ,`,
      PUBLIC_URL: 'https://alarms.example.com/',
    });
    expect(config.sessions.encryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(config.sessions.previousKeys).toEqual([Buffer.alloc(32, 9)]);
    expect(config.sessions.publicUrl).toBe('https://alarms.example.com');
  });

  it('treats empty variables as unset, trims trailing slashes, and picks PostgreSQL from DATABASE_URL', () => {
    const config = loadConfig({
      PROVIDER_CLIENT_ID: 'abc',
      TOKEN_ENCRYPTION_KEY: KEY,
      PORT: '',
      PROVIDER_AUTH_ISSUER: 'https://login.example.com/',
      PROVIDER_API_BASE: 'https://api.example.com//',
      DATABASE_URL: 'postgres://u@db:5432/alarms',
      DATA_DIR: '/tmp/x',
      WEB_DIST: 'some/dist',
    });
    expect(config.port).toBe(8080);
    expect(config.provider.authIssuer).toBe('https://login.example.com');
    expect(config.provider.apiBase).toBe('https://api.example.com');
    expect(config.provider.audience).toBe('https://api.example.com');
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/alarms' });
    expect(config.webDist).toBe(path.resolve('some/dist'));
  });
});

describe('secrets in configuration errors', () => {
  it('masks the password of a bad DATABASE_URL and keeps the rest to locate the mistake', () => {
    const message = configError({
      PROVIDER_CLIENT_ID: 'abc',
      DATABASE_URL: 'mysql://alarms:s3cr3t-p@ss@db.internal:3306/alarms?password=again',
    }).message;
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(message).toContain('mysql://alarms:***@db.internal:3306/alarms?password=***');
    expect(message).not.toContain('s3cr3t');
    expect(message).not.toContain('again');
  });

  it('hides a secret-bearing value that is not a URL at all', () => {
    const message = configError({ PROVIDER_CLIENT_ID: 'abc', DATABASE_URL: 'alarms:hunter2@db' }).message;
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL (got [hidden])');
    expect(message).not.toContain('hunter2');
  });

  it('quotes ordinary values as they were', () => {
    expect(describeValue('PORT', 'eighty')).toBe('"eighty"');
    expect(describeValue('SESSION_SECRET', 'abc')).toBe('[hidden]');
    expect(describeValue('DATABASE_URL', 'mysql://db/x')).toBe('"mysql://db/x"');
  });
});

describe('TRUST_PROXY and rate limits', () => {
  it('default to no proxy and the documented limits', () => {
    const config = loadConfig({ PROVIDER_CLIENT_ID: 'abc', TOKEN_ENCRYPTION_KEY: KEY });
    expect(config.trustProxy).toBe(false);
    expect(config.rateLimits).toEqual({
      windowMs: 60_000,
      perAddress: 1200,
      perUser: 600,
      signIn: 20,
      redis: null,
    });
  });

  it('read true, a hop count or proxy addresses, and per-minute limits (0 = off)', () => {
    const base = { PROVIDER_CLIENT_ID: 'abc', TOKEN_ENCRYPTION_KEY: KEY };
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    const limits = loadConfig({ ...base, RATE_LIMIT_PER_USER: '0', RATE_LIMIT_SIGN_IN: '5' }).rateLimits;
    expect(limits).toMatchObject({ perUser: 0, signIn: 5, perAddress: 1200 });
  });

  it('refuse anything else, naming the variable', () => {
    const error = configError({
      PROVIDER_CLIENT_ID: 'abc',
      TOKEN_ENCRYPTION_KEY: KEY,
      TRUST_PROXY: 'yes please',
      RATE_LIMIT_PER_ADDRESS: '-3',
      RATE_LIMIT_SIGN_IN: 'many',
    });
    expect(error.problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'RATE_LIMIT_PER_ADDRESS',
      'RATE_LIMIT_SIGN_IN',
      'TRUST_PROXY',
    ]);
    expect(error.message).toContain("TRUST_PROXY: must be 'true', 'false', a hop count");
  });
});

describe('REDIS_URL', () => {
  const base = { PROVIDER_CLIENT_ID: 'abc', TOKEN_ENCRYPTION_KEY: KEY };

  it("counts the limits in Redis when set, under the app's key prefix", () => {
    for (const url of ['redis://127.0.0.1:6379', 'rediss://:pw@cache.internal:6380/2']) {
      expect(loadConfig({ ...base, REDIS_URL: url }).rateLimits.redis).toEqual({
        url,
        keyPrefix: 'playlist-alarms:rate-limit:',
      });
    }
    expect(loadConfig({ ...base, REDIS_URL: '' }).rateLimits.redis).toBeNull();
  });

  it('refuses another scheme, with the password masked', () => {
    const error = configError({ ...base, REDIS_URL: 'http://:hunter2-pw@cache:6379' });
    expect(error.problems).toEqual([
      'REDIS_URL: must be a redis:// or rediss:// URL (got "http://:***@cache:6379")',
    ]);
    expect(configError({ ...base, REDIS_URL: 'cache:6379' }).problems[0]).toMatch(
      /^REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
  });
});

describe('toRuntimeConfig', () => {
  it('gives the web app the public provider settings in the agreed schema', () => {
    const config = loadConfig({ APP_MODE: 'demo', PROVIDER_AUDIENCE: 'https://aud.example' });
    const runtime = toRuntimeConfig(config);
    expect(runtimeConfigSchema.parse(runtime)).toEqual(runtime);
    expect(runtime).toEqual({
      provider: {
        apiBase: config.provider.apiBase,
        authIssuer: config.provider.authIssuer,
        clientId: 'playlist-alarms-demo',
        audience: 'https://aud.example',
        scope: DEFAULT_SCOPE,
        brokerUrl: config.provider.brokerUrl,
        cardLinkHost: 'https://yoto.io',
      },
      backendBase: '',
      mode: 'demo',
    });
  });
});

describe('alarm worker settings', () => {
  it('the worker runs unless ALARM_WORKER=off; cron stays open without CRON_SECRET', () => {
    const config = loadConfig({ APP_MODE: 'demo' });
    expect(config.alarmWorker).toBe(true);
    expect(config.cronSecret).toBeNull();
    expect(loadConfig({ APP_MODE: 'demo', ALARM_WORKER: 'off' }).alarmWorker).toBe(false);
    expect(loadConfig({ APP_MODE: 'demo', CRON_SECRET: 'a-secret-of-16-chars' }).cronSecret).toBe(
      'a-secret-of-16-chars',
    );
  });

  it('refuses a bad ALARM_WORKER and a short CRON_SECRET', () => {
    expect(() => loadConfig({ APP_MODE: 'demo', ALARM_WORKER: 'maybe', CRON_SECRET: 'short' })).toThrow(
      /ALARM_WORKER: must be 'on' or 'off'[\s\S]*CRON_SECRET: must be at least 16 characters/,
    );
  });

  it('DEVICE_ALARM_HOLD_MARGIN_S: two minutes by default, at least 5 s', () => {
    expect(loadConfig({ APP_MODE: 'demo' }).deviceAlarmHoldMarginMs).toBe(120_000);
    expect(loadConfig({ APP_MODE: 'demo', DEVICE_ALARM_HOLD_MARGIN_S: '5' }).deviceAlarmHoldMarginMs).toBe(
      5_000,
    );
    expect(() => loadConfig({ APP_MODE: 'demo', DEVICE_ALARM_HOLD_MARGIN_S: '4' })).toThrow(
      /DEVICE_ALARM_HOLD_MARGIN_S: must be at least 5 seconds/,
    );
  });

  it('SANDBOX_URL points every provider setting at that sandbox (demo mode), explicit ones still win', () => {
    const config = loadConfig({ SANDBOX_URL: 'http://localhost:8090/' });
    expect(config.mode).toBe('demo');
    expect(config.provider).toMatchObject({
      apiBase: 'http://localhost:8090',
      authIssuer: 'http://localhost:8090',
      audience: 'http://localhost:8090',
      brokerUrl: 'ws://localhost:8090/mqtt',
      clientId: 'playlist-alarms-demo',
    });
    const mixed = loadConfig({
      SANDBOX_URL: 'http://localhost:8090',
      PROVIDER_BROKER_URL: 'ws://other:1/mqtt',
    });
    expect(mixed.provider.brokerUrl).toBe('ws://other:1/mqtt');
  });
});
