import * as z from 'zod/mini';
import type { KeyValueStorage, OAuthEndpoints, TokenSet, TokenStore } from './auth-types';
import { createPkcePair, randomState } from './pkce';
import { isRedirectCallback } from './session-hint';

// OAuth authorization code + PKCE for a public client (PROVIDER-API.md "OAuth"), with rotating refresh tokens.

/** Refresh this long before expiry so a request never leaves with a token that dies in flight. */
const REFRESH_MARGIN_MS = 60_000;
export const PENDING_LOGIN_KEY = 'playlist-alarms.oauth-pending';
/** When a token answer omits expires_in, assume the provider's usual hour. */
const DEFAULT_EXPIRES_IN_SECONDS = 3600;

export type AuthErrorCode =
  | 'no-pending-login'
  | 'state-mismatch'
  | 'missing-code'
  | 'provider-denied'
  | 'network-error'
  | 'token-request-failed'
  | 'invalid-token-response'
  | 'no-browser';

export class AuthError extends Error {
  override readonly name = 'AuthError';
  constructor(
    readonly code: AuthErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

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

const numeric = z.union([
  z.number(),
  z.pipe(
    z.string().check(z.regex(/^\d+(\.\d+)?$/)),
    z.transform((text) => Number(text)),
  ),
]);
const tokenResponseSchema = z.looseObject({
  access_token: nonEmpty(),
  refresh_token: z.nullish(nonEmpty()),
  id_token: z.nullish(nonEmpty()),
  token_type: z.nullish(z.string()),
  expires_in: z.nullish(numeric),
});
type TokenResponse = z.infer<typeof tokenResponseSchema>;

const oauthErrorSchema = z.looseObject({
  error: z.catch(z.nullish(z.string()), null),
  error_description: z.catch(z.nullish(z.string()), null),
});

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
    const answer = await this.requestTokens({
      grant_type: 'authorization_code',
      code,
      code_verifier: pending.verifier,
      redirect_uri: this.endpoints.redirectUri,
      client_id: this.endpoints.clientId,
    });
    const tokens = this.toTokenSet(answer, null);
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
      const answer = await this.requestTokens({
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken,
        client_id: this.endpoints.clientId,
      });
      const next = this.toTokenSet(answer, tokens);
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

  private toTokenSet(answer: TokenResponse, previous: TokenSet | null): TokenSet {
    const expiresIn = answer.expires_in ?? DEFAULT_EXPIRES_IN_SECONDS;
    return {
      accessToken: answer.access_token,
      // Rotation: always keep the newest refresh token, the old one only when none came back.
      refreshToken: answer.refresh_token ?? previous?.refreshToken ?? null,
      idToken: answer.id_token ?? previous?.idToken ?? null,
      expiresAt: this.now() + expiresIn * 1000,
    };
  }

  private async requestTokens(form: Record<string, string>): Promise<TokenResponse> {
    const tokenUrl = `${trimSlash(this.endpoints.authIssuer)}/oauth/token`;
    let response: Response;
    try {
      response = await this.fetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(form).toString(),
      });
    } catch (cause) {
      throw new AuthError('network-error', `Could not reach the sign-in service at ${tokenUrl}.`, { cause });
    }
    const text = await response.text().catch(() => '');
    const json = parseJson(text);
    if (!response.ok) {
      const oauthError = oauthErrorSchema.safeParse(json);
      const detail = oauthError.success
        ? [oauthError.data.error, oauthError.data.error_description].filter(Boolean).join(': ')
        : '';
      throw new AuthError(
        'token-request-failed',
        `The sign-in service refused the token request (HTTP ${response.status}${detail ? `, ${detail}` : ''}).`,
      );
    }
    const parsed = tokenResponseSchema.safeParse(json);
    if (!parsed.success) {
      throw new AuthError(
        'invalid-token-response',
        'The sign-in service answered without a usable access token.',
        {
          cause: parsed.error,
        },
      );
    }
    return parsed.data;
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
