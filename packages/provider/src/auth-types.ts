// OAuth (authorization code + PKCE) as the server runs it for the page.

export interface OAuthEndpoints {
  /** e.g. https://login.yotoplay.com or the sandbox's http://localhost:8090 */
  authIssuer: string;
  clientId: string;
  /**
   * A confidential client's secret, sent with the code exchange and every refresh; null or absent
   * for a public client. Server-side only: it must never reach a browser.
   */
  clientSecret?: string | null;
  audience: string;
  scope: string;
  redirectUri: string;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
  /** The scopes granted, when the answer says (space-separated). */
  scope?: string | null;
  /** Epoch milliseconds. */
  expiresAt: number;
}
