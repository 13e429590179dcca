import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('preloadableLazy', () => {
  it('renders a preloaded component in the first commit, never showing the fallback', async () => {
    const view = preloadableLazy(() => Promise.resolve(Greeting));
    await view.preload();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <view.Component name="Ada" />
      </Suspense>,
    );
    // Synchronously after render: no fallback was committed, so React has nothing to throttle.
    expect(screen.getByText('Hello Ada').tagName).toBe('P');
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('suspends as React.lazy does while the chunk is on its way, and loads it once', async () => {
    let loads = 0;
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const view = preloadableLazy(() => {
      loads += 1;
      return new Promise<typeof Greeting>((resolve) => (arrive = resolve));
    });
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <view.Component name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Loading…').tagName).toBe('P');
    void view.preload();
    await act(() => {
      arrive(Greeting);
      return Promise.resolve();
    });
    expect((await screen.findByText('Hello Grace')).tagName).toBe('P');
    expect(loads).toBe(1);
  });

  it('tries the load again after a failure', async () => {
    let attempts = 0;
    const view = preloadableLazy(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Greeting);
    });
    await expect(view.preload()).rejects.toThrow('offline');
    await expect(view.preload()).resolves.toBe(Greeting);
    expect(attempts).toBe(2);
  });
});
