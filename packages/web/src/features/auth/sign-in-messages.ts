import { AuthError } from '@playlist-alarms/provider/auth-client';
import { ProviderError } from '@playlist-alarms/provider/rest-client';

const SIGN_IN_FAILED_MESSAGE = 'Sign-in failed. Please try again.';

/** A failed sign-in in words a parent can act on: the auth client's own sentences, else a generic one. */
export function signInFailureMessage(error: unknown): string {
  return error instanceof AuthError && error.message ? error.message : SIGN_IN_FAILED_MESSAGE;
}

/**
 * Whether the provider refused the token itself (the session is over), as opposed to being down or
 * answering garbage (the session may be fine: keep the token and let the parent retry).
 */
export function isRejectedToken(error: unknown): boolean {
  return error instanceof ProviderError && (error.status === 401 || error.status === 403);
}
