// What sign-in and token requests fail with. Its own module, so a caller can tell the failures
// apart without loading the token grants themselves.

type AuthErrorCode =
  | 'no-pending-login'
  | 'state-mismatch'
  | 'missing-code'
  | 'provider-denied'
  | 'network-error'
  /** The token endpoint is there but not answering now (429, 5xx): try again later. */
  | 'provider-unavailable'
  /** The provider ended the grant (a spent, revoked or expired code or refresh token). */
  | 'invalid-grant'
  /** Refused for another reason (invalid_client, invalid_request…): a setup problem. */
  | 'token-request-failed'
  | 'invalid-token-response'
  | 'no-browser';

interface AuthErrorDetails {
  cause?: unknown;
  /** The token endpoint's HTTP status, when it answered. */
  status?: number;
  /** Its OAuth `error` code (`invalid_grant`, `invalid_client`, …), when it gave one. */
  oauthError?: string | null;
  /** How long it asked to be left alone (Retry-After), in milliseconds. */
  retryAfterMs?: number | null;
}

export class AuthError extends Error {
  override readonly name = 'AuthError';
  readonly status: number | null;
  readonly oauthError: string | null;
  readonly retryAfterMs: number | null;
  constructor(
    readonly code: AuthErrorCode,
    message: string,
    details: AuthErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status ?? null;
    this.oauthError = details.oauthError ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
  }
}
