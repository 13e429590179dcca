import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { AppSnackbar } from '../app/AppSnackbar';
import { Notifier } from '../services/notifier';
import { NotifierContext } from '../services/notifier-context';
import { ServicesContext } from '../services/app-services';
import type { TestServices } from './twins';

/**
 * Renders a feature's element with in-memory services and the app's snackbar, so messages can be read.
 * A test of cache freshness passes a client configured as the app's.
 */
export function renderWithServices(
  services: TestServices,
  element: ReactElement,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const notifier = new Notifier();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesContext.Provider value={services}>
      <NotifierContext.Provider value={notifier}>
        <QueryClientProvider client={queryClient}>
          {children}
          <AppSnackbar />
        </QueryClientProvider>
      </NotifierContext.Provider>
    </ServicesContext.Provider>
  );
  return { ...render(element, { wrapper }), queryClient, notifier, wrapper };
}
