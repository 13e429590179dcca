import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@playlist-alarms/core/shared/entities';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/app-services';
import { SessionExpiredError } from '../../services/server-session';
import { useUser } from '../../api/get-user';
import { isRejectedToken } from './sign-in-messages';

type Session =
  | { status: 'loading' }
  | { status: 'logged-out'; error: string | null; login: () => void }
  | { status: 'logged-in'; user: UserProfile; logout: () => void }
  /** The server or the provider could not be asked (down, garbled answer): a retry may work. */
  | { status: 'unavailable'; retry: () => void };

type Restore = 'checking' | 'signed-in' | 'signed-out' | 'failed';

/**
 * The session, held by the server: loading while it is asked, then logged out or logged in.
 * Session errors show once, beside the Connect button in the logged-out view, not also as a toast.
 * `onSignedIn` runs as soon as the server has confirmed a session, before the user is rendered: the
 * first view's data can be asked for then.
 */
export function useSession(onSignedIn?: () => void): Session {
  const { auth, devices } = useServices();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [restore, setRestore] = useState<Restore>('checking');
  const [attempt, setAttempt] = useState(0);

  // The server sends a failed sign-in back as /?login_error=<reason>. Only then are the reasons'
  // words needed, so they load then rather than with every signed-in page. The address is read
  // once, before the effect clears it (an effect may run twice in development).
  const [refusedAt] = useState(() => {
    const url = new URL(window.location.href);
    return url.searchParams.has('login_error') ? url : null;
  });
  useEffect(() => {
    if (refusedAt === null) return;
    window.history.replaceState(null, '', '/');
    let cancelled = false;
    void import('./login-error-message').then(({ loginErrorMessage }) => {
      if (!cancelled) setError((current) => current ?? loginErrorMessage(refusedAt));
    });
    return () => {
      cancelled = true;
    };
  }, [refusedAt]);

  const confirmed = useEffectEvent(() => onSignedIn?.());

  useEffect(() => {
    let cancelled = false;
    auth.restore().then(
      (signedIn) => {
        if (cancelled) return;
        if (signedIn) confirmed();
        setRestore(signedIn ? 'signed-in' : 'signed-out');
      },
      (failure: unknown) => {
        if (cancelled) return;
        if (failure instanceof SessionExpiredError) {
          setError(MESSAGES.sessionExpired);
          setRestore('signed-out');
          return;
        }
        console.error('[auth] the server could not confirm the session', failure);
        setRestore('failed');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [auth, attempt]);

  /** Back to logged out: links closed, cached lists dropped, `message` beside Connect. */
  const end = useCallback(
    (message: string | null) => {
      void devices.disposeAll();
      setError(message);
      setRestore('signed-out');
      // Outside the cache's own notification when called from one: clearing re-enters the cache.
      setTimeout(() => queryClient.clear(), 0);
    },
    [devices, queryClient],
  );

  // The server ended the session while the page used it (a refresh the provider refused).
  useEffect(() => auth.onExpired(() => end(MESSAGES.sessionExpired)), [auth, end]);

  // The provider refusing the session's token ends the session too.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (event.query.queryHash !== hashKey(queryKeys.user())) return;
        if (!isRejectedToken(event.action.error)) {
          console.error('[auth] the provider could not confirm the session', event.action.error);
          return;
        }
        console.error('[auth] the provider refused the session token', event.action.error);
        auth.logout().catch(() => undefined);
        end(MESSAGES.sessionExpired);
      }),
    [auth, end, queryClient],
  );

  const signedIn = restore === 'signed-in';
  const user = useUser(signedIn);

  const login = useCallback(() => {
    setError(null);
    auth.login();
  }, [auth]);

  const logout = useCallback(() => {
    auth
      .logout()
      .catch((failure: unknown) => console.error('[auth] logout failed', failure))
      .finally(() => end(null));
  }, [auth, end]);

  switch (restore) {
    case 'checking':
      return { status: 'loading' };
    case 'failed':
      return {
        status: 'unavailable',
        retry: () => {
          setRestore('checking');
          setAttempt((n) => n + 1);
        },
      };
    case 'signed-out':
      return { status: 'logged-out', error, login };
    case 'signed-in':
      if (user.data) return { status: 'logged-in', user: user.data, logout };
      if (user.isError && !isRejectedToken(user.error)) {
        return { status: 'unavailable', retry: () => void user.refetch() };
      }
      return { status: 'loading' };
  }
}
