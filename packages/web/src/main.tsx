import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { mayHaveBrowserSession } from '@playlist-alarms/provider/session-hint';
import { App } from './app/App';
import { fetchRuntimeConfig } from './app/runtime-config';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The provider client, OAuth, zod and the configuration check are a chunk of their own.
const createServices = async (config: unknown) =>
  (await import('./app/browser-services')).browserServices(config);
const mayHaveSession = () => mayHaveBrowserSession(localStorage, new URL(window.location.href));

// The installable app (worker registration, install offer, notices) loads after the page.
window.addEventListener('load', () => void import('./pwa/start-pwa'));

createRoot(container).render(
  <StrictMode>
    <App loadConfig={fetchRuntimeConfig} createServices={createServices} mayHaveSession={mayHaveSession} />
  </StrictMode>,
);
