import { Suspense, useEffect, useState } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { QueryClient } from '@tanstack/react-query';
import type { AppServices } from '../services/app-services';
import { InitErrorView } from './InitErrorView';
import { BrandCard } from './BrandCard';
import { LoadingStatus, LoadingView } from './LoadingView';
import { LoggedOutView, SignInAction } from './LoggedOutView';
import { theme } from './theme';
import { preloadableLazy } from '../lib/preloadable-lazy';

// The first chunk holds only what the loading, error and logged-out views need. The session
// (provider client, OAuth, zod, the query cache) and the logged-in view are lazy chunks, so a first
// visit downloads little before "Connect" works. The session starts once its chunk is in, so it
// renders at once rather than behind a fallback React would hold for 300 ms (lib/preloadable-lazy).
const sessionApp = preloadableLazy(() => import('./SessionApp').then((module) => module.SessionApp));
const SessionApp = sessionApp.Component;

export interface AppProps {
  /** GET /api/config's body, not yet checked. */
  loadConfig: () => Promise<unknown>;
  /** Checks the configuration and builds the provider services (the browser's load lazily). */
  createServices: (config: unknown) => AppServices | Promise<AppServices>;
  createQueryClient?: () => QueryClient;
  /**
   * False when no session can exist yet (no stored token, no sign-in answer in the address): the
   * logged-out view then shows without the session code, which loads after it. By default the
   * session decides.
   */
  mayHaveSession?: () => boolean;
}

type Boot =
  | { phase: 'loading' }
  | { phase: 'failed' }
  /** Logged out before any session code has loaded; `services` loads it once (memoised). */
  | { phase: 'signed-out'; services: () => Promise<AppServices>; signingIn: boolean }
  | { phase: 'ready'; services: AppServices; signInOnStart: boolean };

const always = () => true;

function once<T>(load: () => T | Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => (loaded ??= Promise.resolve().then(load));
}

/** The services and the session's code, both in: the session then renders without suspending. */
const sessionReady = (services: () => Promise<AppServices>) =>
  Promise.all([services(), sessionApp.preload()]).then(([ready]) => ready);

const FAILED: Boot = { phase: 'failed' };
const logFailure = (error: unknown) => console.error('[app] failed to initialize', error);

export function App({ loadConfig, createServices, createQueryClient, mayHaveSession = always }: AppProps) {
  const [boot, setBoot] = useState<Boot>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const fail = (error: unknown) => {
      logFailure(error);
      if (!cancelled) setBoot(FAILED);
    };
    loadConfig()
      .then((config) => {
        if (cancelled) return;
        const services = once(() => createServices(config));
        if (!mayHaveSession()) {
          setBoot({ phase: 'signed-out', services, signingIn: false });
          return;
        }
        return sessionReady(services).then((ready) => {
          if (!cancelled) setBoot({ phase: 'ready', services: ready, signInOnStart: false });
        });
      })
      .catch(fail);
    return () => {
      cancelled = true;
    };
  }, [attempt, createServices, loadConfig, mayHaveSession]);

  // Logged out and painted: load the session code in the background, so "Connect" is quick and a
  // configuration the services refuse shows the error view rather than a button that cannot work.
  const background = boot.phase === 'signed-out' ? boot.services : null;
  useEffect(() => {
    if (!background) return;
    let cancelled = false;
    background().catch((error: unknown) => {
      logFailure(error);
      if (!cancelled) setBoot(FAILED);
    });
    // The session's code too, so that Connect answers at once. A failed load is tried again by Connect.
    sessionApp.preload().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [background]);

  const retry = () => {
    setBoot({ phase: 'loading' });
    setAttempt((n) => n + 1);
  };

  const signIn = () => {
    if (boot.phase !== 'signed-out' || boot.signingIn) return;
    setBoot({ ...boot, signingIn: true });
    sessionReady(boot.services).then(
      (services) => setBoot({ phase: 'ready', services, signInOnStart: true }),
      (error: unknown) => {
        logFailure(error);
        setBoot(FAILED);
      },
    );
  };

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {(boot.phase === 'loading' || boot.phase === 'signed-out') && (
        // One card for both: on a visit without a session, the first paint (index.html's, hydrated)
        // stays when the button comes. With one, the session's own views follow (SessionApp).
        <BrandCard busy={boot.phase === 'loading'}>
          {boot.phase === 'loading' ? <LoadingStatus /> : <SignInAction error={null} onLogin={signIn} />}
        </BrandCard>
      )}
      {boot.phase === 'failed' && <InitErrorView onRetry={retry} />}
      {boot.phase === 'ready' && (
        <Suspense
          fallback={
            boot.signInOnStart ? <LoggedOutView error={null} onLogin={() => undefined} /> : <LoadingView />
          }
        >
          <SessionApp
            services={boot.services}
            signInOnStart={boot.signInOnStart}
            {...(createQueryClient ? { createQueryClient } : {})}
          />
        </Suspense>
      )}
    </ThemeProvider>
  );
}
