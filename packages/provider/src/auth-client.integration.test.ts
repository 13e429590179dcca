import { greeting } from '@playlist-alarms/core/display-name';
import { startSandbox } from '@playlist-alarms/sandbox/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient } from './auth-client';
import type { OAuthEndpoints } from './auth-types';
import { signInLikeABrowser } from './browser-form.test-support';
import { ProviderClient } from './rest-client';
import { memoryTokenStore, type KeyValueStorage } from './token-store';

// Contract: the OAuth client against the real sandbox (sign-in page, authorize, token endpoint, userinfo).

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

function mapStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function endpointsFor(sandbox: Sandbox): OAuthEndpoints {
  return {
    authIssuer: sandbox.url,
    clientId: 'playlist-alarms-demo',
    audience: sandbox.url,
    scope: 'openid profile offline_access user:content:view family:library:view family:devices:view',
    redirectUri: 'http://localhost:5173/',
  };
}

/** The whole browser journey: Connect → sign-in page → "Sign in" → redirect back → tokens saved. */
async function signIn(sandbox: Sandbox) {
  const store = memoryTokenStore();
  const navigated: string[] = [];
  const auth = new AuthClient(endpointsFor(sandbox), store, {
    pending: mapStorage(),
    navigate: (url) => navigated.push(url),
  });
  await auth.startBrowserAuth();
  expect(navigated).toHaveLength(1);
  const callback = await signInLikeABrowser(navigated[0]!);
  expect(`${callback.origin}${callback.pathname}`).toBe('http://localhost:5173/');
  expect(auth.isRedirectCallback(callback)).toBe(true);
  const tokens = await auth.handleRedirectCallback(callback);
  return { auth, store, tokens, callback };
}

describe('AuthClient against the sandbox', () => {
  let sandbox: Sandbox;
  let shortLived: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, mqttPort: 0 });
    shortLived = await startSandbox({ port: 0, mqttPort: 0, tokenLifetimeSeconds: 2 });
  });
  afterAll(async () => {
    await sandbox?.close();
    await shortLived?.close();
  });

  it('signs in with authorization code + PKCE and saves the tokens', async () => {
    const { auth, store, tokens } = await signIn(sandbox);
    expect(tokens.accessToken.split('.')).toHaveLength(3); // a JWT
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt).toBeGreaterThan(Date.now() + 3_000_000);
    expect(store.load()).toEqual(tokens);
    expect(auth.hasStoredToken()).toBe(true);

    const provider = new ProviderClient({
      apiBase: sandbox.url,
      authIssuer: sandbox.url,
      getAccessToken: () => auth.getAccessToken(),
    });
    // The sandbox grants no openid (a new app at the real provider): /userinfo answers 401, the id
    // comes from the token and the family record has no name, so the greeting has none.
    const user = await provider.getUser();
    expect(user).toEqual({ sub: 'auth0|demo-parent', name: null, email: null });
    expect(greeting(user)).toBe('Welcome back');
    auth.logout();
    expect(auth.hasStoredToken()).toBe(false);
  });

  it('greets by name when the app was granted openid and profile', async () => {
    const knob = (grantOpenid: boolean) =>
      fetch(`${sandbox.url}/_sandbox/behaviour`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grantOpenid }),
      });
    expect((await knob(true)).status).toBe(200);
    try {
      const { auth } = await signIn(sandbox);
      const provider = new ProviderClient({
        apiBase: sandbox.url,
        authIssuer: sandbox.url,
        getAccessToken: () => auth.getAccessToken(),
      });
      expect(greeting(await provider.getUser())).toBe('Welcome back, Demo Parent');
    } finally {
      await knob(false);
    }
  });

  it('refuses a replayed callback: the verifier is single-use', async () => {
    const { auth, callback } = await signIn(sandbox);
    await expect(auth.handleRedirectCallback(callback)).rejects.toMatchObject({
      name: 'AuthError',
      code: 'no-pending-login',
    });
  });

  it('refreshes a token close to expiry once for concurrent callers, and stores the rotated refresh token', async () => {
    const { auth, store, tokens } = await signIn(shortLived);
    // A 2 s lifetime is inside the 60 s margin: every call must refresh.
    const [a, b, c] = await Promise.all([
      auth.getAccessToken(),
      auth.getAccessToken(),
      auth.getAccessToken(),
    ]);
    expect(a).toBeTruthy();
    expect(a).not.toBe(tokens.accessToken);
    expect(b).toBe(a);
    expect(c).toBe(a);
    const afterFirst = store.load();
    expect(afterFirst?.refreshToken).toBeTruthy();
    expect(afterFirst?.refreshToken).not.toBe(tokens.refreshToken);

    // The rotated refresh token works; the old one was single-use and would have failed.
    const next = await auth.getAccessToken();
    expect(next).toBeTruthy();
    expect(next).not.toBe(a);
    expect(store.load()?.refreshToken).not.toBe(afterFirst?.refreshToken);
  });

  it('clears the session when the provider refuses the refresh token', async () => {
    const { tokens } = await signIn(shortLived);
    const store = memoryTokenStore({ ...tokens, refreshToken: 'forged-refresh-token' });
    const auth = new AuthClient(endpointsFor(shortLived), store, { pending: mapStorage() });
    expect(await auth.getAccessToken()).toBeNull();
    expect(store.load()).toBeNull();
  });
});
