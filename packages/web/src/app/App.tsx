import { Suspense, lazy, useEffect, useState } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RuntimeConfig } from '@playlist-alarms/core/runtime-config';
import { useSession } from '../features/auth/use-session';
import { ServicesContext } from '../services/app-services';
import type { AppServices } from '../services/app-services';
import { AppSnackbar } from './AppSnackbar';
import { InitErrorView } from './InitErrorView';
import { LoadingView } from './LoadingView';
import { LoggedOutView } from './LoggedOutView';
import { Notifier } from './notifier';
import { NotifierContext } from './notifier-context';
import { theme } from './theme';

// The logged-in view (tabs, playlists, player) is a separate chunk: the sign-in page stays small.
const LoggedInView = lazy(() =>
  import('./LoggedInView').then((module) => ({ default: module.LoggedInView })),
);

export interface AppProps {
  loadConfig: () => Promise<RuntimeConfig>;
  createServices: (config: RuntimeConfig) => AppServices;
  createQueryClient?: () => QueryClient;
}

type Boot = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; services: AppServices };

const defaultQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 60_000 } },
  });

export function App({ loadConfig, createServices, createQueryClient = defaultQueryClient }: AppProps) {
  const [boot, setBoot] = useState<Boot>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [queryClient] = useState(createQueryClient);
  const [notifier] = useState(() => new Notifier());

  useEffect(() => {
    let cancelled = false;
    loadConfig()
      .then((config) => {
        if (!cancelled) setBoot({ phase: 'ready', services: createServices(config) });
      })
      .catch((error: unknown) => {
        console.error('[app] failed to load /api/config', error);
        if (!cancelled) setBoot({ phase: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [attempt, createServices, loadConfig]);

  const retry = () => {
    setBoot({ phase: 'loading' });
    setAttempt((n) => n + 1);
  };

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <NotifierContext.Provider value={notifier}>
        {boot.phase === 'loading' && <LoadingView />}
        {boot.phase === 'failed' && <InitErrorView onRetry={retry} />}
        {boot.phase === 'ready' && (
          <ServicesContext.Provider value={boot.services}>
            <QueryClientProvider client={queryClient}>
              <SessionRoot />
            </QueryClientProvider>
          </ServicesContext.Provider>
        )}
        <AppSnackbar />
      </NotifierContext.Provider>
    </ThemeProvider>
  );
}

function SessionRoot() {
  const session = useSession();
  switch (session.status) {
    case 'loading':
      return <LoadingView />;
    case 'logged-out':
      return <LoggedOutView error={session.error} onLogin={session.login} />;
    case 'unavailable':
      return <InitErrorView onRetry={session.retry} />;
    case 'logged-in':
      return (
        <Suspense fallback={<LoadingView />}>
          <LoggedInView user={session.user} onLogout={session.logout} />
        </Suspense>
      );
  }
}
