import { describe, expect, it } from 'vitest';
import { authorizationCodeGrant, refreshTokenGrant } from './auth-token-grant';

// Answers the sandbox never gives (no rotation, odd bodies) played by a scripted token endpoint;
// auth-token-grant.integration.test.ts runs the grant against the real sandbox.

const endpoints = { authIssuer: 'https://login.example.test/', clientId: 'client-1' };

function answering(status: number, body: string) {
  const forms: URLSearchParams[] = [];
  const urls: string[] = [];
  const fetchFn: typeof fetch = (input, init) => {
    urls.push(input instanceof Request ? input.url : input.toString());
    forms.push(new URLSearchParams(typeof init?.body === 'string' ? init.body : ''));
    return Promise.resolve(new Response(body, { status, headers: { 'content-type': 'application/json' } }));
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
    expect(tokens).toEqual({ accessToken: 'a2', refreshToken: 'r1', idToken: 'id1', expiresAt: 121_000 });
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
    expect(tokens).toEqual({ accessToken: 'a2', refreshToken: 'r2', idToken: null, expiresAt: 3_600_000 });
  });

  it('reports a refusal with the OAuth error, and an answer without an access token', async () => {
    const refused = answering(400, '{"error":"invalid_grant","error_description":"used"}');
    await expect(
      refreshTokenGrant({ endpoints, refreshToken: 'r1', fetch: refused.fetchFn }),
    ).rejects.toMatchObject({
      code: 'token-request-failed',
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
    expect(tokens).toEqual({ accessToken: 'a1', refreshToken: 'r1', idToken: null, expiresAt: 3_600_000 });
    expect(Object.fromEntries(forms[0]!)).toEqual({
      grant_type: 'authorization_code',
      code: 'c1',
      code_verifier: 'v1',
      redirect_uri: 'http://localhost:5173/',
      client_id: 'client-1',
    });
  });
});
