import {
  parseSignInFailure,
  safeErrorCode,
  signInFailureMessage,
} from '@playlist-alarms/core/texts/sign-in-failure';

// The server finishes the sign-in and sends the browser back to `/?login_error=<reason>` when it
// could not (session-routes.ts), with the ungranted scopes or the provider's error code when they
// help: each reason names its likely cause (core's sign-in-failure.ts), never a bare "failed".

/** The message for a `login_error` in the address; null when there is none. */
export function loginErrorMessage(url: URL): string | null {
  const value = url.searchParams.get('login_error');
  if (value === null) return null;
  const scopes = (url.searchParams.get('login_scopes') ?? '')
    .split(' ')
    .filter((scope) => /^[\w:.-]{1,64}$/.test(scope));
  const details = {
    scopes,
    code: safeErrorCode(url.searchParams.get('login_code')),
    redirectUri: `${url.origin}/auth/callback`,
  };
  // An unknown reason (an older server, a hand-made link) still says what it knows.
  return signInFailureMessage(parseSignInFailure(value) ?? 'other', details);
}
