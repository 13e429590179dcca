import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadableLazy, usePreloaded } from './preloadable-lazy';

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

  it('usePreloaded keeps what the page shows until the chunk is in, so no fallback ever shows', async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const view = preloadableLazy(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    const fallbacks: string[] = [];
    function Fallback() {
      fallbacks.push('shown');
      return <p>Fallback</p>;
    }
    function Page({ wanted }: { wanted: boolean }) {
      const ready = usePreloaded(view, wanted);
      if (!ready) return <p>Still signing in</p>;
      return (
        <Suspense fallback={<Fallback />}>
          <view.Component name="Lin" />
        </Suspense>
      );
    }
    const { rerender } = render(<Page wanted={false} />);
    rerender(<Page wanted />);
    expect(screen.getByText('Still signing in').tagName).toBe('P');
    await act(() => {
      arrive(Greeting);
      return Promise.resolve();
    });
    expect((await screen.findByText('Hello Lin')).tagName).toBe('P');
    expect(fallbacks).toEqual([]);
  });

  it('usePreloaded settles on a failed load too, so the render tries again', async () => {
    let attempts = 0;
    const view = preloadableLazy(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Greeting);
    });
    function Page() {
      const ready = usePreloaded(view, true);
      if (!ready) return <p>Still signing in</p>;
      return (
        <Suspense fallback={<p>Fallback</p>}>
          <view.Component name="Kay" />
        </Suspense>
      );
    }
    render(<Page />);
    expect((await screen.findByText('Hello Kay')).tagName).toBe('P');
    expect(attempts).toBe(2);
  });
});
