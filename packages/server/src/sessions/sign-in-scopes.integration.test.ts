import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import { startSandbox, type RunningSandbox } from '@playlist-alarms/sandbox/sandbox';
import { APP_SCOPES } from '@playlist-alarms/sandbox/client-registration';
import { createSqliteTestDatabase, type TestDatabase } from '../../test/support/test-databases';
import { DEFAULT_SCOPE, type ServerConfig } from '../config';
import { sandboxConfig, startSessionHarness, type SessionHarness } from '../../test/support/session-harness';
import { APP_HOST, callWithCookie, signIn } from '../../test/support/sign-in';
import { liveSessionSchema } from '../../test/support/live-session';

// The scopes a real provider account accepts: the default request is only what the app uses (the
// provider refuses the whole sign-in for one ungranted scope), PROVIDER_SCOPE's extras are used
// when granted (a name from the ID token, an email from /user/family), and a refused sign-in is
// logged with the provider's error and description and explained to the page.

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, mqttPort: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

const grant = async (grantedScopes: string | null) => {
  await sandboxKnobs(sandbox.url).setClient({ grantedScopes });
};

describe('scopes at sign-in', () => {
  let database: TestDatabase;
  let h: SessionHarness | null = null;
  let logLines: string[];
  beforeEach(() => {
    database = createSqliteTestDatabase();
    logLines = [];
  });
  afterEach(async () => {
    await grant(null);
    await h?.close();
    h = null;
    await database.dispose();
  });

  const start = async (scope?: string) => {
    const provider: ServerConfig['provider'] = {
      ...sandboxConfig(sandbox).provider,
      ...(scope === undefined ? {} : { scope }),
    };
    h = await startSessionHarness(database, sandbox, {
      config: { provider, logLevel: 'info' },
      deps: { logStream: { write: (line) => void logLines.push(line) } },
    });
    return h;
  };

  const userOf = async (app: SessionHarness['app'], cookie: string) =>
    liveSessionSchema.parse((await callWithCookie(app, 'GET', '/api/session', cookie)).body).user;

  it('asks for only what the app uses by default: no openid, no profile, and the real grant accepts it', async () => {
    expect(DEFAULT_SCOPE).toBe(APP_SCOPES);
    const { app } = await start();
    const login = await app.inject({ method: 'GET', url: '/auth/login', headers: { host: APP_HOST } });
    const scope = new URL(String(login.headers.location)).searchParams.get('scope')?.split(' ') ?? [];
    expect(scope).not.toContain('openid');
    expect(scope).not.toContain('profile');
    expect(scope).toEqual(DEFAULT_SCOPE.split(' '));
    const { sessionCookie } = await signIn(app);
    expect(await userOf(app, sessionCookie)).toEqual({ id: 'auth0|demo-parent', name: null, email: null });
  });

  it('with `openid profile` added and granted: the name and email from the ID token', async () => {
    await grant(`${APP_SCOPES} openid profile email`);
    const { app } = await start(`openid profile email ${DEFAULT_SCOPE}`);
    const { sessionCookie } = await signIn(app);
    expect(await userOf(app, sessionCookie)).toEqual({
      id: 'auth0|demo-parent',
      name: 'Demo Parent',
      email: 'demo@example.com',
    });
  });

  it('with `family:view` added and granted: the member record from /user/family', async () => {
    await grant(`${APP_SCOPES} family:view`);
    const { app } = await start(`${DEFAULT_SCOPE} family:view`);
    const { sessionCookie } = await signIn(app);
    // Real member records carry an email and no name: the page greets without one.
    expect(await userOf(app, sessionCookie)).toEqual({
      id: 'auth0|demo-parent',
      name: null,
      email: 'demo@example.com',
    });
  });

  it('an extra scope the client is not granted: refused, logged with its cause, explained to the page', async () => {
    const { app } = await start(`openid profile ${DEFAULT_SCOPE}`);
    const trace = await signIn(app, { tamper: () => undefined });
    const back = new URL(String(trace.callback.headers.location), 'http://app');
    expect(back.pathname).toBe('/');
    expect(back.searchParams.get('login_error')).toBe('scopes');
    expect(back.searchParams.get('login_scopes')).toBe('openid profile');
    expect(trace.sessionCookie).toBe('');
    expect(await database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    const logged = logLines.find((line) => line.includes('Sign-in refused by the provider'));
    expect(JSON.parse(logged ?? '{}')).toMatchObject({
      error: 'access_denied',
      error_description: 'Client has not been granted scopes: openid, profile',
    });
  });

  it.each([
    ['invalid_request', 'redirect_uri is not registered', 'invalid-request'],
    ['login_required', 'Login required', 'login-required'],
    ['access_denied', 'User did not authorize the request', 'denied'],
  ])('a provider error %s names its likely cause (%s)', async (error, description, reason) => {
    const { app } = await start();
    const trace = await signIn(app, {
      tamper: (query) => {
        query.delete('code');
        query.set('error', error);
        query.set('error_description', description);
      },
    });
    const back = new URL(String(trace.callback.headers.location), 'http://app');
    expect(back.searchParams.get('login_error')).toBe(reason);
    expect(back.searchParams.get('login_code')).toBe(error);
    const logged = JSON.parse(logLines.find((line) => line.includes('Sign-in refused')) ?? '{}') as unknown;
    expect(logged).toMatchObject({ error, error_description: description });
  });
});
