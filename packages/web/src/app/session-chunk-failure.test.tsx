import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createTestServices, testConfig } from '../test/twins';
import type * as SessionAppModule from './SessionApp';

// The session's chunk, as a network that drops it would: its first loads fail, later ones work.
// (A failing getter rather than a failing factory: the module itself is loaded once per file.)
const chunk = vi.hoisted(() => ({ failuresLeft: 0, loads: 0 }));
vi.mock('./SessionApp', async (importOriginal) => {
  const real = await importOriginal<typeof SessionAppModule>();
  return {
    get SessionApp() {
      chunk.loads += 1;
      if (chunk.failuresLeft > 0) {
        chunk.failuresLeft -= 1;
        throw new Error('Failed to fetch dynamically imported module: SessionApp');
      }
      return real.SessionApp;
    },
  };
});

// App keeps the loaded chunk for the page's life: each test loads the app afresh.
beforeEach(() => {
  vi.resetModules();
});

const renderSignedOut = async (services: ReturnType<typeof createTestServices>) => {
  const { App } = await import('./App');
  return render(
    <App
      loadConfig={() => Promise.resolve(testConfig)}
      createServices={() => services}
      createQueryClient={() => new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      mayHaveSession={() => false}
    />,
  );
};

describe('the session chunk, loaded in the background of a signed-out page', () => {
  it('a failed background load keeps Connect, which loads it again and signs in', async () => {
    Object.assign(chunk, { failuresLeft: 1, loads: 0 });
    const services = createTestServices({ token: null });
    await renderSignedOut(services);

    const connect = await screen.findByRole('button', { name: 'Connect Yoto Account' });
    await waitFor(() => expect(chunk.loads).toBe(1));
    expect(screen.queryByText('Failed to initialize app. Please try again.')).toBeNull();

    await userEvent.click(connect);
    await waitFor(() => expect(services.auth.startedSignIns).toBe(1));
    expect(chunk.loads).toBe(2);
  });

  it('when Connect cannot load it either, the error view says so and Retry starts again', async () => {
    Object.assign(chunk, { failuresLeft: 2, loads: 0 });
    const services = createTestServices({ token: null });
    await renderSignedOut(services);

    await userEvent.click(await screen.findByRole('button', { name: 'Connect Yoto Account' }));
    expect(await screen.findByText('Failed to initialize app. Please try again.')).toBeTruthy();
    expect(services.auth.startedSignIns).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Yoto Account' }));
    await waitFor(() => expect(services.auth.startedSignIns).toBe(1));
  });
});
