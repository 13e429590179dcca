import { describe, expect, it } from 'vitest';
import { authorizationCodeGrant, refreshTokenGrant, retryAfterMs } from './auth-token-grant';

// Answers the sandbox never gives (no rotation, odd bodies) played by a scripted token endpoint;
// auth-token-grant.integration.test.ts runs the grant against the real sandbox.

const endpoints = { authIssuer: 'https://login.example.test/', clientId: 'client-1' };

function answering(status: number, body: string, headers: Record<string, string> = {}) {
  const forms: URLSearchParams[] = [];
  const urls: string[] = [];
  const fetchFn: typeof fetch = (input, init) => {
    urls.push(input instanceof Request ? input.url : input.toString());
    forms.push(new URLSearchParams(typeof init?.body === 'string' ? init.body : ''));
    return Promise.resolve(
      new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } }),
    );
  };
  return { fetchFn, forms, urls };
}

describe('refreshTokenGrant', () => {
  it('posts the refresh form and keeps the old refresh and id token when the answer carries none', async () => {
    const { fetchFn, forms, urls } = answering(200, '{"access_token":"a2","expires_in":"120"}');
    const tokens = await refreshTokenGrant({
      endpoints,
      refreshToken: 'r1',
      idToken: 'id1',
      fetch: fetchFn,
      now: () => 1_000,
    });
    expect(tokens).toEqual({
      accessToken: 'a2',
      refreshToken: 'r1',
      idToken: 'id1',
      scope: null,
      expiresAt: 121_000,
    });
    expect(urls).toEqual(['https://login.example.test/oauth/token']);
    expect(Object.fromEntries(forms[0]!)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'r1',
      client_id: 'client-1',
    });
  });

  it('takes the rotated refresh token, and an hour when expires_in is missing', async () => {
    const { fetchFn } = answering(200, '{"access_token":"a2","refresh_token":"r2","id_token":null}');
    const tokens = await refreshTokenGrant({ endpoints, refreshToken: 'r1', fetch: fetchFn, now: () => 0 });
    expect(tokens).toEqual({
      accessToken: 'a2',
      refreshToken: 'r2',
      idToken: null,
      scope: null,
      expiresAt: 3_600_000,
    });
  });

  it('reports a refusal with the OAuth error, and an answer without an access token', async () => {
    const refused = answering(400, '{"error":"invalid_grant","error_description":"used"}');
    await expect(
      refreshTokenGrant({ endpoints, refreshToken: 'r1', fetch: refused.fetchFn }),
    ).rejects.toMatchObject({
      code: 'invalid-grant',
      status: 400,
      oauthError: 'invalid_grant',
      message: 'The sign-in service refused the token request (HTTP 400, invalid_grant: used).',
    });
    const empty = answering(200, '{"refresh_token":"r2"}');
    await expect(
      refreshTokenGrant({ endpoints, refreshToken: 'r1', fetch: empty.fetchFn }),
    ).rejects.toMatchObject({
      code: 'invalid-token-response',
    });
  });
});

describe('authorizationCodeGrant', () => {
  it('posts code, verifier and redirect URI', async () => {
    const { fetchFn, forms } = answering(200, '{"access_token":"a1","refresh_token":"r1"}');
    const tokens = await authorizationCodeGrant({
      endpoints,
      code: 'c1',
      codeVerifier: 'v1',
      redirectUri: 'http://localhost:5173/',
      fetch: fetchFn,
      now: () => 0,
    });
    expect(tokens).toEqual({
      accessToken: 'a1',
      refreshToken: 'r1',
      idToken: null,
      scope: null,
      expiresAt: 3_600_000,
    });
    expect(Object.fromEntries(forms[0]!)).toEqual({
      grant_type: 'authorization_code',
      code: 'c1',
      code_verifier: 'v1',
      redirect_uri: 'http://localhost:5173/',
      client_id: 'client-1',
    });
  });
});

describe('a confidential client', () => {
  const confidential = { ...endpoints, clientSecret: 'shh-secret-1' };

  it('sends its secret with the code exchange and with every refresh', async () => {
    const { fetchFn, forms } = answering(
      200,
      '{"access_token":"a1","refresh_token":"r1","scope":"offline_access"}',
    );
    const first = await authorizationCodeGrant({
      endpoints: confidential,
      code: 'c1',
      codeVerifier: 'v1',
      redirectUri: 'https://app.example/auth/callback',
      fetch: fetchFn,
    });
    expect(first.scope).toBe('offline_access');
    await refreshTokenGrant({ endpoints: confidential, refreshToken: 'r1', fetch: fetchFn });
    await refreshTokenGrant({ endpoints: confidential, refreshToken: 'r1', fetch: fetchFn });
    expect(forms.map((form) => form.get('client_secret'))).toEqual([
      'shh-secret-1',
      'shh-secret-1',
      'shh-secret-1',
    ]);
    expect(forms.map((form) => form.get('code_verifier'))[0]).toBe('v1'); // PKCE as well
  });

  it('a public client sends none', async () => {
    const { fetchFn, forms } = answering(200, '{"access_token":"a1"}');
    await refreshTokenGrant({
      endpoints: { ...endpoints, clientSecret: null },
      refreshToken: 'r1',
      fetch: fetchFn,
    });
    expect(forms[0]?.has('client_secret')).toBe(false);
  });

  it('masks the secret in an error even when the provider echoes it', async () => {
    const echoed = answering(401, '{"error":"invalid_client","error_description":"bad secret shh-secret-1"}');
    const error: unknown = await refreshTokenGrant({
      endpoints: confidential,
      refreshToken: 'r1',
      fetch: echoed.fetchFn,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'token-request-failed', oauthError: 'invalid_client', status: 401 });
    expect(String((error as Error).message)).toContain('bad secret ***');
    expect(String((error as Error).message)).not.toContain('shh-secret-1');
  });
});

describe('a token endpoint that is down or busy', () => {
  const refresh = (fetchFn: typeof fetch, timeoutMs?: number) =>
    refreshTokenGrant({
      endpoints,
      refreshToken: 'r1',
      fetch: fetchFn,
      now: () => Date.parse('2026-11-26T10:00:00Z'),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });

  it('reads 429 and 5xx as unavailable, with the Retry-After it asked for', async () => {
    await expect(refresh(answering(429, '{}', { 'retry-after': '30' }).fetchFn)).rejects.toMatchObject({
      code: 'provider-unavailable',
      status: 429,
      retryAfterMs: 30_000,
    });
    await expect(refresh(answering(503, '<html>down</html>').fetchFn)).rejects.toMatchObject({
      code: 'provider-unavailable',
      status: 503,
      retryAfterMs: null,
    });
    await expect(
      refresh(
        answering(500, '{"error":"server_error"}', { 'retry-after': 'Thu, 26 Nov 2026 10:00:05 GMT' })
          .fetchFn,
      ),
    ).rejects.toMatchObject({ code: 'provider-unavailable', retryAfterMs: 5_000 });
  });

  it('reads a time-out and a network failure as unreachable', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError')));
      });
    await expect(refresh(hanging, 50)).rejects.toMatchObject({
      code: 'network-error',
      message: expect.stringContaining('did not answer in time') as unknown,
    });
    const refused: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    await expect(refresh(refused)).rejects.toMatchObject({ code: 'network-error' });
  });

  it('caps a Retry-After and ignores one it cannot read', () => {
    expect(retryAfterMs('86400', 0)).toBe(600_000);
    expect(retryAfterMs('soon', 0)).toBeNull();
    expect(retryAfterMs(null, 0)).toBeNull();
  });
});
