import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import { createSqliteTestDatabase, type TestDatabase } from '../../test/support/test-databases';
import { ConfigError, loadConfig } from '../config';
import { sandboxConfig, startSessionHarness, type SessionHarness } from '../../test/support/session-harness';
import { APP_HOST, callWithCookie, signIn } from '../../test/support/sign-in';
import { liveSessionSchema } from '../../test/support/live-session';

// A confidential client (PROVIDER_CLIENT_SECRET): the secret goes with the code exchange and every
// refresh, the provider refuses both without it (invalid_client), and it never reaches the browser,
// a redirect, a cookie or a log line.

const SECRET = 'confidential-client-secret-42';
const LIFETIME_S = 2;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    mqttPort: 0,
    clientSecret: SECRET,
    tokenLifetimeSeconds: LIFETIME_S,
  });
});
afterAll(async () => {
  await sandbox.close();
});

describe('a confidential client', () => {
  let database: TestDatabase;
  let h: SessionHarness;
  let logLines: string[];
  let tokenForms: URLSearchParams[];
  const start = async (clientSecret: string | null) => {
    const provider = { ...sandboxConfig(sandbox).provider, clientSecret };
    h = await startSessionHarness(database, sandbox, {
      config: { provider, logLevel: 'trace' },
      deps: {
        tokenRefreshMarginMs: 0,
        logStream: { write: (line) => void logLines.push(line) },
        fetch: (input, init) => {
          const url = input instanceof Request ? input.url : input.toString();
          if (url.endsWith('/oauth/token'))
            tokenForms.push(new URLSearchParams(typeof init?.body === 'string' ? init.body : ''));
          return fetch(input, init);
        },
      },
    });
  };
  beforeEach(() => {
    database = createSqliteTestDatabase();
    logLines = [];
    tokenForms = [];
  });
  afterEach(async () => {
    await h.close();
    await database.dispose();
  });

  it('signs in and refreshes with its secret, which never reaches the browser or a log', async () => {
    await start(SECRET);
    const trace = await signIn(h.app);
    const first = await callWithCookie(h.app, 'GET', '/api/session', trace.sessionCookie);
    const before = liveSessionSchema.parse(first.body).accessToken;
    await pause(LIFETIME_S * 1000 + 200);
    const refreshed = await callWithCookie(h.app, 'GET', '/api/session', trace.sessionCookie);
    expect(liveSessionSchema.parse(refreshed.body).accessToken).not.toBe(before);
    expect(tokenForms.map((form) => [form.get('grant_type'), form.get('client_secret')])).toEqual([
      ['authorization_code', SECRET],
      ['refresh_token', SECRET],
    ]);

    const config = await h.app.inject({ method: 'GET', url: '/api/config', headers: { host: APP_HOST } });
    const login = await h.app.inject({ method: 'GET', url: '/auth/login', headers: { host: APP_HOST } });
    const seenByBrowser = [
      config.body,
      JSON.stringify(login.headers),
      JSON.stringify(trace.callback.headers),
      first.response.body,
      refreshed.response.body,
    ].join('\n');
    expect(seenByBrowser).not.toContain(SECRET);
    expect(logLines.length).toBeGreaterThan(5);
    expect(logLines.join('\n')).not.toContain(SECRET);
  });

  it('without its secret the provider refuses the exchange: the page is told to check the client credentials', async () => {
    await start(null);
    const trace = await signIn(h.app, { tamper: () => undefined });
    const back = new URL(String(trace.callback.headers.location), 'http://app');
    expect(back.searchParams.get('login_error')).toBe('client-auth');
    expect(back.searchParams.get('login_code')).toBe('invalid_client');
    const logged = JSON.parse(
      logLines.find((line) => line.includes('Sign-in callback failed')) ?? '{}',
    ) as unknown;
    expect(logged).toMatchObject({ reason: 'client-auth', oauthError: 'invalid_client', status: 401 });
  });

  it('a wrong secret is refused the same way, and masked in the log', async () => {
    await start('wrong-secret-wrong');
    const trace = await signIn(h.app, { tamper: () => undefined });
    expect(
      new URL(String(trace.callback.headers.location), 'http://app').searchParams.get('login_error'),
    ).toBe('client-auth');
    expect(logLines.join('\n')).not.toContain('wrong-secret-wrong');
  });
});

describe('PROVIDER_CLIENT_SECRET in the configuration', () => {
  it('is read, and a bad value is never echoed', () => {
    const base = { APP_MODE: 'demo', LOG_LEVEL: 'silent' };
    expect(loadConfig({ ...base, PROVIDER_CLIENT_SECRET: SECRET }).provider.clientSecret).toBe(SECRET);
    expect(loadConfig(base).provider.clientSecret).toBeNull();
    const tooLong = `${SECRET}${'x'.repeat(1100)}`;
    let message = '';
    try {
      loadConfig({ ...base, PROVIDER_CLIENT_SECRET: tooLong });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('PROVIDER_CLIENT_SECRET');
    expect(message).not.toContain(SECRET);
  });
});
