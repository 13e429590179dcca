import type { OAuthEndpoints } from './auth-types';

// The provider's sign-in page address for the authorization-code flow with PKCE
// (docs/provider-contract.md, OAuth). The server sends the browser there from /auth/login and keeps the
// verifier itself.

export function authorizeUrl(endpoints: OAuthEndpoints, challenge: string, state: string): string {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: endpoints.clientId,
    redirect_uri: endpoints.redirectUri,
    scope: endpoints.scope,
    audience: endpoints.audience,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  });
  // URLSearchParams writes spaces as '+'; the provider documents %20 for the scope list.
  return `${endpoints.authIssuer.replace(/\/+$/, '')}/authorize?${params.toString().replace(/\+/g, '%20')}`;
}
