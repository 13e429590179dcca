// OAuth (authorization code + PKCE) as the web app and the server see it.

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

/** Where tokens live: localStorage in the browser, memory in tests, the database for the worker. */
export interface TokenStore {
  load(): TokenSet | null;
  save(tokens: TokenSet): void;
  clear(): void;
}

/** The part of the Web Storage API used here; localStorage and sessionStorage satisfy it. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
