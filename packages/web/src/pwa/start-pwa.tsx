// The installable app, started on import once the page has loaded (main.tsx): the install offer and network
// notices, then the service worker's registration when the browser is idle, so precaching the
// shell does not compete with the first view's own downloads.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from '@mui/material/styles';
import { registerSW } from 'virtual:pwa-register';
import { theme } from '../app/theme';
import { PwaNotices } from './PwaNotices';
import { createPwaStore, followBrowser } from './pwa-store';

const idle = (work: () => void) =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(work, { timeout: 5_000 })
    : window.setTimeout(work, 1_000);

function startPwa(): void {
  const store = createPwaStore();
  // Before registering: Chromium offers installation (beforeinstallprompt) once a worker exists.
  followBrowser(store, window, window.matchMedia('(display-mode: standalone)'));

  const container = document.createElement('div');
  container.id = 'pwa-root';
  document.body.append(container);
  createRoot(container).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <PwaNotices store={store} />
      </ThemeProvider>
    </StrictMode>,
  );

  if (!('serviceWorker' in navigator)) return;
  idle(() => {
    const updateSW = registerSW({
      immediate: true,
      // A new version waits: the user reloads when it suits them, never mid-session.
      onNeedRefresh: () => store.set({ update: () => void updateSW(true) }),
      onRegisterError: (error: unknown) => console.error('[pwa] service worker registration failed', error),
    });
  });
}

startPwa();
