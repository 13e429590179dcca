import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SESSION_HINT_COOKIE } from '@playlist-alarms/core/shared/session-hint-cookie';
import { App } from './app/App';
import { fetchRuntimeConfig } from './app/runtime-config';
import { afterFirstView } from './lib/first-view';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The provider client, OAuth, zod and the configuration check are a chunk of their own.
const createServices = async (config: unknown) =>
  (await import('./app/browser-services')).browserServices(config);
// The session cookie is HttpOnly; the server's secret-free hint beside it says one may exist. A
// sign-in that came back failed goes to the session too, which explains it.
const mayHaveSession = () =>
  document.cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`)) ||
  new URL(window.location.href).searchParams.has('login_error');

// The installable app (worker registration, install offer, notices) loads once the first view has
// painted (the Connect button, or the first playlist cards): none of it is needed to show either.
afterFirstView(() => void import('./pwa/start-pwa'));

const app = (
  <StrictMode>
    <App loadConfig={fetchRuntimeConfig} createServices={createServices} mayHaveSession={mayHaveSession} />
  </StrictMode>
);
// The build prerenders the loading view into #root (build/prerender-splash.ts): React takes those
// nodes over rather than painting them again. The dev server's page has none.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
