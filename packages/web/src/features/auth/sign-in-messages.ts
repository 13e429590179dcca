import { AuthError } from '@playlist-alarms/provider/auth-client';

import { MESSAGES } from '@playlist-alarms/core/messages';

export const SESSION_EXPIRED_MESSAGE = MESSAGES.sessionExpired;
export const SIGN_IN_FAILED_MESSAGE = 'Sign-in failed. Please try again.';

/** A failed sign-in in words a parent can act on: the auth client's own sentences, else a generic one. */
export function signInFailureMessage(error: unknown): string {
  return error instanceof AuthError && error.message ? error.message : SIGN_IN_FAILED_MESSAGE;
}
