import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '@playlist-alarms/core/shared/runtime-config';
import { App } from '../app/App';
import type { TestServices } from './twins';
import { testConfig } from './twins';

/** Renders the whole app with in-memory services; queries never retry so failures show at once. */
export function renderApp(
  services: TestServices,
  loadConfig: () => Promise<RuntimeConfig> = () => Promise.resolve(testConfig),
) {
  return render(
    <App
      loadConfig={loadConfig}
      createServices={() => services}
      createQueryClient={() => new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    />,
  );
}
