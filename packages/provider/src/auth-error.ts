// What sign-in and token requests fail with. Its own module: the browser's AuthClient throws it
// from the first view, while the token grants load only when a code or refresh token is spent.

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
