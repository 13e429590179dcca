import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { fetchRuntimeConfig } from './app/runtime-config';
import { createBrowserServices } from './services/create-browser-services';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App loadConfig={fetchRuntimeConfig} createServices={createBrowserServices} />
  </StrictMode>,
);
