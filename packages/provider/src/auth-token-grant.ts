import * as z from 'zod/mini';
import { AuthError } from './auth-error';
import type { OAuthEndpoints, TokenSet } from './auth-types';

// The token endpoint's two grants (docs/provider-contract.md, "OAuth") as plain functions. No window, storage or
// DOM here: the server calls them under Node's global fetch, and they would run in a browser as well.

/** When a token answer omits expires_in, assume the provider's usual hour. */
const DEFAULT_EXPIRES_IN_SECONDS = 3600;

export { AuthError } from './auth-error';

/** A token endpoint that has not answered by then is treated as unreachable (worth a retry). */
const DEFAULT_TIMEOUT_MS = 15_000;
/** A Retry-After beyond this is read as this: a session should not wait longer to try again. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;

interface TokenGrantOptions {
  endpoints: Pick<OAuthEndpoints, 'authIssuer' | 'clientId' | 'clientSecret'>;
  /** Default: the global fetch (browser or Node 20). */
  fetch?: typeof fetch;
  /** Default 15 s. */
  timeoutMs?: number;
  /** Epoch milliseconds, for `expiresAt`. Default: Date.now. */
  now?: () => number;
}

// zod/mini: this runs in the browser, and the tree-shakable build keeps the logged-in download small.
const nonEmpty = () => z.string().check(z.minLength(1));
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
  scope: z.catch(z.nullish(z.string()), null),
});
type TokenResponse = z.infer<typeof tokenResponseSchema>;

const oauthErrorSchema = z.looseObject({
  error: z.catch(z.nullish(z.string()), null),
  error_description: z.catch(z.nullish(z.string()), null),
});

/** The authorization code (+ PKCE verifier) for the first token set. */
export async function authorizationCodeGrant(
  options: TokenGrantOptions & { code: string; codeVerifier: string; redirectUri: string },
): Promise<TokenSet> {
  const answer = await requestTokens(options, {
    grant_type: 'authorization_code',
    code: options.code,
    code_verifier: options.codeVerifier,
    redirect_uri: options.redirectUri,
    ...clientCredentials(options),
  });
  return toTokenSet(answer, null, options.now ?? Date.now);
}

/**
 * Spends a refresh token for a new token set. Refresh tokens rotate and are single-use: store the
 * answer's refresh token before anything else uses the old one. An answer without one keeps the old.
 * Throws AuthError: `invalid-grant` (the provider ended the grant: a spent or revoked token),
 * `provider-unavailable` (429 or 5xx, with any Retry-After), `network-error` (unreachable or no
 * answer in time), `token-request-failed` (refused otherwise, e.g. invalid_client),
 * `invalid-token-response` (no usable access token). Only the first means the session is over.
 */
export async function refreshTokenGrant(
  options: TokenGrantOptions & { refreshToken: string; idToken?: string | null },
): Promise<TokenSet> {
  const answer = await requestTokens(options, {
    grant_type: 'refresh_token',
    refresh_token: options.refreshToken,
    ...clientCredentials(options),
  });
  const previous = { refreshToken: options.refreshToken, idToken: options.idToken ?? null };
  return toTokenSet(answer, previous, options.now ?? Date.now);
}

function toTokenSet(
  answer: TokenResponse,
  previous: Pick<TokenSet, 'refreshToken' | 'idToken'> | null,
  now: () => number,
): TokenSet {
  const expiresIn = answer.expires_in ?? DEFAULT_EXPIRES_IN_SECONDS;
  return {
    accessToken: answer.access_token,
    // Rotation: always keep the newest refresh token, the old one only when none came back.
    refreshToken: answer.refresh_token ?? previous?.refreshToken ?? null,
    idToken: answer.id_token ?? previous?.idToken ?? null,
    scope: answer.scope ?? null,
    expiresAt: now() + expiresIn * 1000,
  };
}

/** The client's id, and a confidential client's secret (client_secret_post). */
function clientCredentials(options: TokenGrantOptions): Record<string, string> {
  const { clientId, clientSecret } = options.endpoints;
  return clientSecret ? { client_id: clientId, client_secret: clientSecret } : { client_id: clientId };
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) * 1000 : Date.parse(header) - now;
  return Number.isFinite(seconds) ? Math.min(Math.max(0, seconds), MAX_RETRY_AFTER_MS) : null;
}

async function requestTokens(
  options: TokenGrantOptions,
  form: Record<string, string>,
): Promise<TokenResponse> {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const tokenUrl = `${options.endpoints.authIssuer.replace(/\/+$/, '')}/oauth/token`;
  // Whatever the provider echoes, a confidential client's secret never rides in an error.
  const secret = options.endpoints.clientSecret;
  const masked = (text: string) => (secret ? text.split(secret).join('***') : text);
  let response: Response;
  let text: string;
  try {
    response = await fetchFn(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (cause) {
    const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
    throw new AuthError(
      'network-error',
      timedOut
        ? `The sign-in service at ${tokenUrl} did not answer in time.`
        : `Could not reach the sign-in service at ${tokenUrl}.`,
      { cause },
    );
  }
  const json = parseJson(text);
  if (!response.ok) {
    const oauthError = oauthErrorSchema.safeParse(json);
    const error = oauthError.success ? (oauthError.data.error ?? null) : null;
    const detail = oauthError.success
      ? [oauthError.data.error, oauthError.data.error_description].filter(Boolean).join(': ')
      : '';
    const message = masked(
      `The sign-in service refused the token request (HTTP ${response.status}${detail ? `, ${detail}` : ''}).`,
    );
    const status = response.status;
    if (error === 'invalid_grant')
      throw new AuthError('invalid-grant', message, { status, oauthError: error });
    if (status === 429 || status >= 500) {
      const wait = retryAfterMs(response.headers.get('retry-after'), (options.now ?? Date.now)());
      throw new AuthError('provider-unavailable', message, { status, oauthError: error, retryAfterMs: wait });
    }
    throw new AuthError('token-request-failed', message, { status, oauthError: error });
  }
  const parsed = tokenResponseSchema.safeParse(json);
  if (!parsed.success) {
    throw new AuthError(
      'invalid-token-response',
      'The sign-in service answered without a usable access token.',
      {
        cause: parsed.error,
        status: response.status,
      },
    );
  }
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
