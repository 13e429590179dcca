import { useCallback, useEffect, useRef, useState } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@playlist-alarms/core/entities';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/app-services';
import { useUser } from '../../api/get-user';
import { MESSAGES } from '@playlist-alarms/core/messages';
import { isRejectedToken, signInFailureMessage } from './sign-in-messages';

export type Session =
  | { status: 'loading' }
  | { status: 'logged-out'; error: string | null; login: () => void }
  | { status: 'logged-in'; user: UserProfile; logout: () => void }
  /** The provider could not be asked (down, garbled answer): the token is kept for a retry. */
  | { status: 'unavailable'; retry: () => void };

/**
 * SPEC §4 session: loading, then logged out or logged in; an OAuth redirect is finished first.
 * Session errors show once, beside the Connect button in the logged-out view, not also as a toast.
 */
export function useSession(): Session {
  const { auth, devices } = useServices();
  const queryClient = useQueryClient();
  const [callbackPending, setCallbackPending] = useState(() =>
    auth.isRedirectCallback(new URL(window.location.href)),
  );
  const [hasToken, setHasToken] = useState(() => auth.hasStoredToken());
  const [error, setError] = useState<string | null>(null);
  // StrictMode runs effects twice; the authorization code may be exchanged only once.
  const callbackStarted = useRef(false);

  useEffect(() => {
    if (!callbackPending || callbackStarted.current) return;
    callbackStarted.current = true;
    const url = new URL(window.location.href);
    auth
      .handleRedirectCallback(url)
      .catch((failure: unknown) => {
        const message = signInFailureMessage(failure);
        console.error('[auth] sign-in callback failed', failure);
        setError(message);
      })
      .finally(() => {
        window.history.replaceState(null, '', '/');
        setHasToken(auth.hasStoredToken());
        setCallbackPending(false);
      });
  }, [auth, callbackPending]);

  const user = useUser(!callbackPending && hasToken);

  // The provider refusing the stored token ends the session (SPEC §4). Watched on the query cache,
  // so the session state changes in a subscription callback rather than in an effect body.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (event.query.queryHash !== hashKey(queryKeys.user())) return;
        if (!isRejectedToken(event.action.error)) {
          console.error('[auth] the provider could not confirm the session', event.action.error);
          return;
        }
        console.error('[auth] the stored token was refused', event.action.error);
        auth.logout();
        setHasToken(false);
        setError(MESSAGES.sessionExpired);
        // Outside the cache's own notification: clearing it re-enters the cache.
        setTimeout(() => queryClient.clear(), 0);
      }),
    [auth, queryClient],
  );

  const login = useCallback(() => {
    setError(null);
    auth.startBrowserAuth().catch((failure: unknown) => {
      const message = signInFailureMessage(failure);
      setError(message);
    });
  }, [auth]);

  const logout = useCallback(() => {
    auth.logout();
    void devices.disposeAll();
    queryClient.clear();
    setError(null);
    setHasToken(false);
  }, [auth, devices, queryClient]);

  if (callbackPending) return { status: 'loading' };
  if (hasToken && user.data) return { status: 'logged-in', user: user.data, logout };
  if (hasToken && user.isError && !isRejectedToken(user.error)) {
    return { status: 'unavailable', retry: () => void user.refetch() };
  }
  if (hasToken && !user.isError) return { status: 'loading' };
  return { status: 'logged-out', error, login };
}
