import type { KeyValueStorage } from './auth-types';

// What the browser can tell about a session without the OAuth client and its schemas: the app's
// first view need not wait for them while nobody has signed in. No zod here, on purpose.

export const DEFAULT_TOKEN_KEY = 'playlist-alarms.tokens';

/** The provider sent the browser back: an OAuth answer (a code or an error, with the state). */
export function isRedirectCallback(url: URL): boolean {
  const params = url.searchParams;
  return params.has('state') && (params.has('code') || params.has('error'));
}

/**
 * False only when no session can exist: nothing under the token key and no OAuth answer in the
 * address. True does not mean signed in (the token may be corrupt or refused): the session decides.
 */
export function mayHaveBrowserSession(
  storage: Pick<KeyValueStorage, 'getItem'>,
  url: URL,
  key: string = DEFAULT_TOKEN_KEY,
): boolean {
  return storage.getItem(key) !== null || isRedirectCallback(url);
}
