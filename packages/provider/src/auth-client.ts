import * as z from 'zod/mini';
import { AuthError } from './auth-error';
import type { KeyValueStorage, OAuthEndpoints, TokenSet, TokenStore } from './auth-types';
import { createPkcePair, randomState } from './pkce';
import { isRedirectCallback } from './session-hint';

// OAuth authorization code + PKCE for a public client (PROVIDER-API.md "OAuth"), with rotating refresh tokens.

/** Refresh this long before expiry so a request never leaves with a token that dies in flight. */
const REFRESH_MARGIN_MS = 60_000;
export const PENDING_LOGIN_KEY = 'playlist-alarms.oauth-pending';

// The web app imports the error from here. The grants (auth-token-grant.ts, which run without a
// browser too) load when a code or refresh token is spent: most page loads find a live token.
export { AuthError, type AuthErrorCode } from './auth-error';
// A chunk that cannot be fetched is a network failure like an unreachable token endpoint: the
// refresh keeps a still-valid token instead of signing the user out.
const loadGrants = () =>
  import('./auth-token-grant').catch((cause: unknown) => {
    throw new AuthError('network-error', 'Could not load the sign-in code; check the connection.', { cause });
  });

export interface AuthClientDeps {
  fetch?: typeof fetch;
  /** Where verifier and state wait during the redirect: sessionStorage in the browser. */
  pending?: KeyValueStorage;
  navigate?: (url: string) => void;
  /** Epoch milliseconds; injectable so tests can move time. */
  now?: () => number;
}

// zod/mini: these run in the browser, and the tree-shakable build keeps the logged-in download small.
const nonEmpty = () => z.string().check(z.minLength(1));
const pendingLoginSchema = z.object({ verifier: nonEmpty(), state: nonEmpty() });

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
  return `${trimSlash(endpoints.authIssuer)}/authorize?${params.toString().replace(/\+/g, '%20')}`;
}

export class AuthClient {
  private readonly fetch: typeof fetch;
  private readonly pending: KeyValueStorage;
  private readonly navigate: (url: string) => void;
  private readonly now: () => number;
  /** The one refresh in flight: concurrent callers share it, since refresh tokens are single-use. */
  private refreshing: Promise<string | null> | null = null;

  constructor(
    private readonly endpoints: OAuthEndpoints,
    private readonly store: TokenStore,
    deps: AuthClientDeps = {},
  ) {
    this.fetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.pending = deps.pending ?? browserSessionStorage() ?? memoryStorage();
    this.navigate = deps.navigate ?? navigateBrowser;
    this.now = deps.now ?? Date.now;
  }

  async startBrowserAuth(): Promise<void> {
    const { verifier, challenge } = await createPkcePair();
    const state = randomState();
    this.pending.setItem(PENDING_LOGIN_KEY, JSON.stringify({ verifier, state }));
    this.navigate(authorizeUrl(this.endpoints, challenge, state));
  }

  isRedirectCallback(url: URL): boolean {
    return isRedirectCallback(url);
  }

  async handleRedirectCallback(url: URL): Promise<TokenSet> {
    const params = url.searchParams;
    const pending = this.takePendingLogin();
    const error = params.get('error');
    if (error !== null) {
      const description = params.get('error_description');
      throw new AuthError('provider-denied', `Sign-in was not completed: ${description ?? error}`);
    }
    if (pending === null) {
      throw new AuthError(
        'no-pending-login',
        'No sign-in was started in this browser tab; please connect again.',
      );
    }
    if (params.get('state') !== pending.state) {
      throw new AuthError(
        'state-mismatch',
        'The sign-in answer does not match the sign-in that was started.',
      );
    }
    const code = params.get('code');
    if (code === null || code === '') {
      throw new AuthError('missing-code', 'The sign-in answer carries no authorization code.');
    }
    const { authorizationCodeGrant } = await loadGrants();
    const tokens = await authorizationCodeGrant({
      ...this.grantOptions(),
      code,
      codeVerifier: pending.verifier,
      redirectUri: this.endpoints.redirectUri,
    });
    this.store.save(tokens);
    return tokens;
  }

  hasStoredToken(): boolean {
    return this.store.load() !== null;
  }

  /** A usable access token, refreshed first when it expires within a minute; null when signed out. */
  async getAccessToken(): Promise<string | null> {
    const tokens = this.store.load();
    if (tokens === null) return null;
    if (tokens.expiresAt - this.now() > REFRESH_MARGIN_MS) return tokens.accessToken;
    this.refreshing ??= this.refresh(tokens).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  logout(): void {
    this.store.clear();
    this.pending.removeItem(PENDING_LOGIN_KEY);
  }

  private async refresh(tokens: TokenSet): Promise<string | null> {
    if (tokens.refreshToken === null) {
      if (tokens.expiresAt > this.now()) return tokens.accessToken;
      this.store.clear();
      return null;
    }
    try {
      const { refreshTokenGrant } = await loadGrants();
      const next = await refreshTokenGrant({
        ...this.grantOptions(),
        refreshToken: tokens.refreshToken,
        idToken: tokens.idToken,
      });
      this.store.save(next);
      return next.accessToken;
    } catch (error) {
      // A network hiccup while the old token still lives is not a reason to sign the user out.
      const networkFailure = error instanceof AuthError && error.code === 'network-error';
      if (networkFailure && tokens.expiresAt > this.now()) return tokens.accessToken;
      this.store.clear();
      return null;
    }
  }

  private grantOptions() {
    return { endpoints: this.endpoints, fetch: this.fetch, now: this.now };
  }

  private takePendingLogin(): z.infer<typeof pendingLoginSchema> | null {
    const raw = this.pending.getItem(PENDING_LOGIN_KEY);
    // Single use: a replayed callback URL must not find the verifier again.
    this.pending.removeItem(PENDING_LOGIN_KEY);
    const parsed = pendingLoginSchema.safeParse(parseJson(raw ?? ''));
    return parsed.success ? parsed.data : null;
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isKeyValueStorage(value: unknown): value is KeyValueStorage {
  return (
    typeof value === 'object' &&
    value !== null &&
    'getItem' in value &&
    typeof value.getItem === 'function' &&
    'setItem' in value &&
    typeof value.setItem === 'function' &&
    'removeItem' in value &&
    typeof value.removeItem === 'function'
  );
}

function browserSessionStorage(): KeyValueStorage | null {
  try {
    const storage: unknown = Reflect.get(globalThis, 'sessionStorage');
    return isKeyValueStorage(storage) ? storage : null;
  } catch {
    return null; // sessionStorage throws when the browser blocks storage
  }
}

function memoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function navigateBrowser(url: string): void {
  const location: unknown = Reflect.get(globalThis, 'location');
  if (typeof location === 'object' && location !== null && 'assign' in location) {
    const assign: unknown = location.assign;
    if (typeof assign === 'function') {
      Reflect.apply(assign, location, [url]);
      return;
    }
  }
  throw new AuthError('no-browser', 'Cannot open the sign-in page: no browser window (pass deps.navigate).');
}
