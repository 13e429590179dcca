import { Suspense, useEffect, useRef, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterFirstView } from '../lib/first-view';
import { preloadableLazy } from '../lib/preloadable-lazy';
import { ProviderRetryNotice } from '../features/auth/ProviderRetryNotice';
import { useSession } from '../features/auth/use-session';
import { ServicesContext } from '../services/app-services';
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
  const session = useSession();
  const pendingSignIn = useRef(signInOnStart);

  useEffect(() => {
    if (session.status !== 'logged-out' || !pendingSignIn.current) return;
    pendingSignIn.current = false;
    session.login();
  }, [session]);

  // A token or a sign-in answer is there: fetch the logged-in view's code while the user is confirmed,
  // so it renders at once after (no fallback held 300 ms). A failed load shows when it renders.
  useEffect(() => {
    if (session.status === 'loading') loggedInView.preload().catch(() => undefined);
  }, [session.status]);

  switch (session.status) {
    case 'loading':
      return <LoadingView />;
    case 'logged-out':
      return <LoggedOutView error={session.error} onLogin={session.login} />;
    case 'unavailable':
      return <InitErrorView onRetry={session.retry} />;
    case 'logged-in':
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
