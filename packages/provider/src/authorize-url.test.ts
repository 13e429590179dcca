import { describe, expect, it } from 'vitest';
import type { OAuthEndpoints } from './auth-types';
import { authorizeUrl } from './authorize-url';

const endpoints: OAuthEndpoints = {
  authIssuer: 'https://login.example.test/',
  clientId: 'client-1',
  audience: 'https://api.example.test',
  scope: 'openid profile offline_access',
  redirectUri: 'http://localhost:5173/auth/callback',
};

describe('authorizeUrl', () => {
  it('carries every parameter of the authorization-code + PKCE request', () => {
    const url = new URL(authorizeUrl(endpoints, 'challenge-1', 'state-1'));
    expect(`${url.origin}${url.pathname}`).toBe('https://login.example.test/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: 'http://localhost:5173/auth/callback',
      scope: 'openid profile offline_access',
      audience: 'https://api.example.test',
      code_challenge: 'challenge-1',
      code_challenge_method: 'S256',
      state: 'state-1',
    });
    expect(url.search).toContain('scope=openid%20profile%20offline_access');
  });
});
