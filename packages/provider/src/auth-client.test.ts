import { describe, expect, it } from 'vitest';
import { AuthClient, AuthError, PENDING_LOGIN_KEY, authorizeUrl } from './auth-client';
import type { OAuthEndpoints, TokenSet } from './auth-types';
import { challengeFor } from './pkce';
import { memoryTokenStore, type KeyValueStorage } from './token-store';

// Unit tests drive the client through an injected fetch that plays a token endpoint with scripted answers;
// the contract tests (auth-client.integration.test.ts) run the same flows against the real sandbox.

const endpoints: OAuthEndpoints = {
  authIssuer: 'https://login.example.test/',
  clientId: 'client-1',
  audience: 'https://api.example.test',
  scope: 'openid profile offline_access',
  redirectUri: 'http://localhost:5173/',
};

interface TokenCall {
  url: string;
  form: URLSearchParams;
}

type Answer = { status: number; body: string } | 'network-error';

function scriptedFetch(answers: Answer[]) {
  const calls: TokenCall[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const body = init?.body;
    calls.push({
      url: input instanceof Request ? input.url : input.toString(),
      form: new URLSearchParams(typeof body === 'string' ? body : ''),
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const answer = answers.shift();
    if (answer === undefined) throw new Error('unexpected token request');
    if (answer === 'network-error') throw new TypeError('fetch failed');
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetchFn, calls };
}

const tokenJson = (access: string, refresh?: string, expiresIn = 3600) =>
  JSON.stringify({
    access_token: access,
    token_type: 'Bearer',
    expires_in: expiresIn,
    ...(refresh ? { refresh_token: refresh } : {}),
  });

function mapStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('authorizeUrl', () => {
  it('carries every parameter of the authorization-code + PKCE request', () => {
    const url = new URL(authorizeUrl(endpoints, 'challenge-1', 'state-1'));
    expect(`${url.origin}${url.pathname}`).toBe('https://login.example.test/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: 'http://localhost:5173/',
      scope: 'openid profile offline_access',
      audience: 'https://api.example.test',
      code_challenge: 'challenge-1',
      code_challenge_method: 'S256',
      state: 'state-1',
    });
    expect(url.search).toContain('scope=openid%20profile%20offline_access');
  });
});

describe('AuthClient sign-in', () => {
  async function startSignIn(answers: Answer[]) {
    const pending = mapStorage();
    const store = memoryTokenStore();
    const navigated: string[] = [];
    const { fetchFn, calls } = scriptedFetch(answers);
    const client = new AuthClient(endpoints, store, {
      fetch: fetchFn,
      pending,
      navigate: (url) => navigated.push(url),
      now: () => 1_000_000,
    });
    await client.startBrowserAuth();
    const authorize = new URL(navigated[0]!);
    return { client, store, pending, calls, authorize };
  }

  it('stores verifier and state, navigates, then exchanges the code and saves the tokens', async () => {
    const { client, store, pending, calls, authorize } = await startSignIn([
      { status: 200, body: tokenJson('access-1', 'refresh-1', 120) },
    ]);
    const saved = JSON.parse(pending.items.get(PENDING_LOGIN_KEY)!) as { verifier: string; state: string };
    expect(authorize.searchParams.get('state')).toBe(saved.state);
    expect(authorize.searchParams.get('code_challenge')).toBe(await challengeFor(saved.verifier));

    const callback = new URL(`http://localhost:5173/?code=code-1&state=${saved.state}`);
    expect(client.isRedirectCallback(callback)).toBe(true);
    const tokens = await client.handleRedirectCallback(callback);

    expect(tokens).toEqual({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      idToken: null,
      expiresAt: 1_120_000,
    });
    expect(store.load()).toEqual(tokens);
    expect(client.hasStoredToken()).toBe(true);
    expect(pending.items.has(PENDING_LOGIN_KEY)).toBe(false);
    expect(calls[0]!.url).toBe('https://login.example.test/oauth/token');
    expect(Object.fromEntries(calls[0]!.form)).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      code_verifier: saved.verifier,
      redirect_uri: 'http://localhost:5173/',
      client_id: 'client-1',
    });
  });

  it('rejects a state that does not match, without calling the token endpoint', async () => {
    const { client, store, calls } = await startSignIn([]);
    const error = await client
      .handleRedirectCallback(new URL('http://localhost:5173/?code=c&state=forged'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).code).toBe('state-mismatch');
    expect(calls).toHaveLength(0);
    expect(store.load()).toBeNull();
  });

  it('reports a provider refusal and a malformed token answer as AuthError', async () => {
    const refused = await startSignIn([
      { status: 400, body: '{"error":"invalid_grant","error_description":"bad code"}' },
    ]);
    const state = refused.authorize.searchParams.get('state')!;
    await expect(
      refused.client.handleRedirectCallback(new URL(`http://x/?code=c&state=${state}`)),
    ).rejects.toThrow(/HTTP 400, invalid_grant: bad code/);

    const malformed = await startSignIn([{ status: 200, body: '<html>oops</html>' }]);
    const state2 = malformed.authorize.searchParams.get('state')!;
    await expect(
      malformed.client.handleRedirectCallback(new URL(`http://x/?code=c&state=${state2}`)),
    ).rejects.toMatchObject({ name: 'AuthError', code: 'invalid-token-response' });
    expect(malformed.store.load()).toBeNull();
  });

  it('turns an error redirect into AuthError and ignores ordinary URLs', async () => {
    const { client } = await startSignIn([]);
    expect(client.isRedirectCallback(new URL('http://localhost:5173/?tab=2'))).toBe(false);
    await expect(
      client.handleRedirectCallback(
        new URL('http://x/?error=access_denied&error_description=User%20said%20no&state=s'),
      ),
    ).rejects.toThrow('Sign-in was not completed: User said no');
  });

  it('refuses a callback when no sign-in was started', async () => {
    const client = new AuthClient(endpoints, memoryTokenStore(), {
      pending: mapStorage(),
      fetch: scriptedFetch([]).fetchFn,
    });
    await expect(client.handleRedirectCallback(new URL('http://x/?code=c&state=s'))).rejects.toMatchObject({
      code: 'no-pending-login',
    });
  });
});

describe('AuthClient.getAccessToken', () => {
  const stored = (expiresAt: number, refreshToken: string | null = 'refresh-0'): TokenSet => ({
    accessToken: 'access-0',
    refreshToken,
    idToken: 'id-0',
    expiresAt,
  });

  function clientWith(tokens: TokenSet | null, answers: Answer[], now = 1_000_000) {
    const store = memoryTokenStore(tokens ?? undefined);
    const { fetchFn, calls } = scriptedFetch(answers);
    const client = new AuthClient(endpoints, store, {
      fetch: fetchFn,
      pending: mapStorage(),
      now: () => now,
    });
    return { client, store, calls };
  }

  it('returns null when signed out and the stored token while it is fresh', async () => {
    expect(await clientWith(null, []).client.getAccessToken()).toBeNull();
    const { client, calls } = clientWith(stored(1_000_000 + 61_000), []);
    expect(await client.getAccessToken()).toBe('access-0');
    expect(calls).toHaveLength(0);
  });

  it('refreshes within 60 s of expiry, once for concurrent callers, keeping the old refresh token if none returns', async () => {
    const { client, store, calls } = clientWith(stored(1_000_000 + 59_000), [
      { status: 200, body: tokenJson('access-1', undefined, 100) },
    ]);
    const results = await Promise.all([
      client.getAccessToken(),
      client.getAccessToken(),
      client.getAccessToken(),
    ]);
    expect(results).toEqual(['access-1', 'access-1', 'access-1']);
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.form)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-0',
      client_id: 'client-1',
    });
    expect(store.load()).toEqual({
      accessToken: 'access-1',
      refreshToken: 'refresh-0',
      idToken: 'id-0',
      expiresAt: 1_100_000,
    });
  });

  it('stores a rotated refresh token', async () => {
    const { client, store } = clientWith(stored(0), [
      { status: 200, body: tokenJson('access-2', 'refresh-2') },
    ]);
    expect(await client.getAccessToken()).toBe('access-2');
    expect(store.load()?.refreshToken).toBe('refresh-2');
  });

  it('clears the store and returns null when the refresh is refused', async () => {
    const { client, store } = clientWith(stored(0), [{ status: 403, body: '{"error":"invalid_grant"}' }]);
    expect(await client.getAccessToken()).toBeNull();
    expect(store.load()).toBeNull();
    expect(client.hasStoredToken()).toBe(false);
  });

  it('keeps a still-valid token through a network failure but drops an expired one', async () => {
    const alive = clientWith(stored(1_000_000 + 30_000), ['network-error']);
    expect(await alive.client.getAccessToken()).toBe('access-0');
    expect(alive.store.load()).not.toBeNull();

    const dead = clientWith(stored(999_000), ['network-error']);
    expect(await dead.client.getAccessToken()).toBeNull();
    expect(dead.store.load()).toBeNull();
  });

  it('without a refresh token returns the token until it expires, then signs out', async () => {
    expect(await clientWith(stored(1_000_000 + 10_000, null), []).client.getAccessToken()).toBe('access-0');
    const expired = clientWith(stored(1_000_000 - 1, null), []);
    expect(await expired.client.getAccessToken()).toBeNull();
    expect(expired.store.load()).toBeNull();
  });

  it('logout clears the tokens', () => {
    const { client, store } = clientWith(stored(5_000_000), []);
    client.logout();
    expect(store.load()).toBeNull();
  });
});
