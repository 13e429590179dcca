import { Suspense, useEffect, useRef, useState } from 'react';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { afterFirstView } from '../lib/first-view';
import { preloadableLazy, usePreloaded } from '../lib/preloadable-lazy';
import { ProviderRetryNotice } from '../features/auth/ProviderRetryNotice';
import { useSession } from '../features/auth/use-session';
import { ServicesContext, useServices } from '../services/app-services';
import { playlistsQueryOptions } from '../api/get-playlists';
import type { AppServices } from '../services/app-services';
import { AppSnackbar } from './AppSnackbar';
import { InitErrorView } from './InitErrorView';
import { LoadingView } from './LoadingView';
import { LoggedOutView } from './LoggedOutView';
import { Notifier } from '../services/notifier';
import { NotifierContext } from '../services/notifier-context';
import { MainTabProvider } from '../services/main-tab';

// Everything a session needs (provider services, the query cache, notices) is this lazy chunk: the
// logged-out view of a first visit shows without it. The logged-in view is one more chunk.

const loggedInView = preloadableLazy(() => import('./LoggedInView').then((module) => module.LoggedInView));
const LoggedInView = loggedInView.Component;

interface SessionAppProps {
  services: AppServices;
  createQueryClient?: () => QueryClient;
  /** "Connect" was pressed before this chunk had loaded: start the sign-in once it can. */
  signInOnStart?: boolean;
}

const defaultQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 60_000 } },
  });

export function SessionApp({
  services,
  createQueryClient = defaultQueryClient,
  signInOnStart = false,
}: SessionAppProps) {
  const [queryClient] = useState(createQueryClient);
  const [notifier] = useState(() => new Notifier());
  // The service worker's alarm messages follow this cache (src/pwa), loaded after the first view.
  useEffect(
    () =>
      afterFirstView(
        () => void import('../pwa/alarm-sync').then((sync) => sync.syncAlarmsWithWorker(queryClient)),
      ),
    [queryClient],
  );
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={queryClient}>
        <NotifierContext.Provider value={notifier}>
          <SessionRoot signInOnStart={signInOnStart} />
          <AppSnackbar />
        </NotifierContext.Provider>
      </QueryClientProvider>
    </ServicesContext.Provider>
  );
}

function SessionRoot({ signInOnStart }: { signInOnStart: boolean }) {
  const { library } = useServices();
  const queryClient = useQueryClient();
  // The first cards' list is asked for as soon as the session is confirmed, while the user and the
  // logged-in view are still on their way, not once that view has mounted.
  const session = useSession(() => void queryClient.prefetchQuery(playlistsQueryOptions(library)));
  const pendingSignIn = useRef(signInOnStart);

  useEffect(() => {
    if (session.status !== 'logged-out' || !pendingSignIn.current) return;
    pendingSignIn.current = false;
    session.login();
  }, [session]);

  // A token or a sign-in answer is there: fetch the logged-in view's code while the user is confirmed,
  // and keep the loading view until it is in, so that view renders at once (a fallback shown
  // instead would make React hold the view back for 300 ms: lib/preloadable-lazy).
  const viewIn = usePreloaded(
    loggedInView,
    session.status !== 'logged-out' && session.status !== 'unavailable',
  );

  switch (session.status) {
    case 'loading':
      return <LoadingView />;
    case 'logged-out':
      return <LoggedOutView error={session.error} onLogin={session.login} />;
    case 'unavailable':
      return <InitErrorView onRetry={session.retry} />;
    case 'logged-in':
      if (!viewIn) return <LoadingView />;
      return (
        // A new tab state per sign-in: the next session starts on Playlists.
        <MainTabProvider>
          <ProviderRetryNotice />
          <Suspense fallback={<LoadingView />}>
            <LoggedInView user={session.user} onLogout={session.logout} />
          </Suspense>
        </MainTabProvider>
      );
  }
}
