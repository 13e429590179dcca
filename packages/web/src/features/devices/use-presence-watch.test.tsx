import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDevice } from '@playlist-alarms/core/test/fixtures/builders';
import type { Device } from '@playlist-alarms/core/shared/entities';

// The first view's moment is the page's one (lib/first-view): each test loads fresh modules, and
// loads its helpers with them, so the hook and the test share one services context.
async function freshPage() {
  vi.resetModules();
  const [{ usePresenceWatch }, { markFirstViewPainted }, { renderWithServices }, { createTestServices }] =
    await Promise.all([
      import('./use-presence-watch'),
      import('../../lib/first-view'),
      import('../../test/render-with-services'),
      import('../../test/twins'),
    ]);
  const watchPlayers = vi.fn();
  const services = {
    ...createTestServices(),
    presence: { watchPlayers, stop: vi.fn(() => Promise.resolve()) },
  };
  function Page({ devices }: { devices: readonly Device[] | undefined }) {
    usePresenceWatch(devices);
    return null;
  }
  return { Page, markFirstViewPainted, renderWithServices, services, watchPlayers };
}

describe('usePresenceWatch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts watching the players only once the first cards have painted and the browser is idle', async () => {
    const { Page, markFirstViewPainted, renderWithServices, services, watchPlayers } = await freshPage();
    renderWithServices(services, <Page devices={[makeDevice('p1'), makeDevice('p2')]} />);
    // The players' list came before the cards: the MQTT client must not take the main thread yet.
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(watchPlayers).not.toHaveBeenCalled();

    act(() => markFirstViewPainted());
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(watchPlayers).toHaveBeenCalledTimes(1);
    expect(watchPlayers.mock.calls[0]?.[0]).toEqual(['p1', 'p2']);
  });

  it('a list that changes or a view that closes before then starts nothing', async () => {
    const { Page, markFirstViewPainted, renderWithServices, services, watchPlayers } = await freshPage();
    const { rerender, unmount } = renderWithServices(services, <Page devices={[makeDevice('p1')]} />);
    rerender(<Page devices={[makeDevice('p1'), makeDevice('p3')]} />);
    act(() => markFirstViewPainted());
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(watchPlayers.mock.calls.map((call) => call[0] as string[])).toEqual([['p1', 'p3']]);

    unmount();
    const second = await freshPage();
    const page = second.renderWithServices(second.services, <second.Page devices={[makeDevice('p1')]} />);
    page.unmount();
    act(() => second.markFirstViewPainted());
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(second.watchPlayers).not.toHaveBeenCalled();
  });
});
