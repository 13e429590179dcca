import { ProviderError } from '@playlist-alarms/provider/rest-client';

// The server finishes the sign-in and sends the browser back to `/?login_error=<reason>` when it
// could not (session-routes.ts): each reason in words a parent can act on.
const LOGIN_ERRORS: Record<string, string> = {
  denied: 'Sign-in was cancelled at Yoto. Connect again to sign in.',
  expired: 'The sign-in took too long. Please try again.',
  'state-mismatch': 'The sign-in could not be verified. Please try again.',
};
export const SIGN_IN_FAILED_MESSAGE = 'Sign-in failed. Please try again.';

/** The message for a `login_error` reason in the address; null when there is none. */
export function loginErrorMessage(url: URL): string | null {
  const reason = url.searchParams.get('login_error');
  if (reason === null) return null;
  return LOGIN_ERRORS[reason] ?? SIGN_IN_FAILED_MESSAGE;
}

/**
 * Whether the provider refused the token itself (the session is over), as opposed to being down or
 * answering garbage (the session may be fine: let the parent retry).
 */
export function isRejectedToken(error: unknown): boolean {
  return error instanceof ProviderError && (error.status === 401 || error.status === 403);
}
