import * as z from 'zod/mini';
import { AuthError } from './auth-error';
import type { OAuthEndpoints, TokenSet } from './auth-types';

// The token endpoint's two grants (PROVIDER-API.md "OAuth") as plain functions. No window, storage or
// DOM here: the browser's AuthClient calls them, and so can the server under Node's global fetch.

/** When a token answer omits expires_in, assume the provider's usual hour. */
const DEFAULT_EXPIRES_IN_SECONDS = 3600;

export { AuthError, type AuthErrorCode } from './auth-error';

export interface TokenGrantOptions {
  endpoints: Pick<OAuthEndpoints, 'authIssuer' | 'clientId'>;
  /** Default: the global fetch (browser or Node 20). */
  fetch?: typeof fetch;
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
    client_id: options.endpoints.clientId,
  });
  return toTokenSet(answer, null, options.now ?? Date.now);
}

/**
 * Spends a refresh token for a new token set. Refresh tokens rotate and are single-use: store the
 * answer's refresh token before anything else uses the old one. An answer without one keeps the old.
 * Throws AuthError: `network-error` (unreachable), `token-request-failed` (refused, e.g. a spent
 * or revoked token), `invalid-token-response` (no usable access token).
 */
export async function refreshTokenGrant(
  options: TokenGrantOptions & { refreshToken: string; idToken?: string | null },
): Promise<TokenSet> {
  const answer = await requestTokens(options, {
    grant_type: 'refresh_token',
    refresh_token: options.refreshToken,
    client_id: options.endpoints.clientId,
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
    expiresAt: now() + expiresIn * 1000,
  };
}

async function requestTokens(
  options: TokenGrantOptions,
  form: Record<string, string>,
): Promise<TokenResponse> {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const tokenUrl = `${options.endpoints.authIssuer.replace(/\/+$/, '')}/oauth/token`;
  let response: Response;
  try {
    response = await fetchFn(tokenUrl, {
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
