// OAuth (authorization code + PKCE) as the server runs it for the page.

export interface OAuthEndpoints {
  /** e.g. https://login.yotoplay.com or the sandbox's http://localhost:8090 */
  authIssuer: string;
  clientId: string;
  audience: string;
  scope: string;
  redirectUri: string;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
  /** Epoch milliseconds. */
  expiresAt: number;
}
