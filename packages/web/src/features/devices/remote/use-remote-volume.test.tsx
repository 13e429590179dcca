import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Notifier } from '../../../services/notifier';
import { NotifierContext } from '../../../services/notifier-context';
import { ServicesContext } from '../../../services/app-services';
import { createTestServices } from '../../../test/twins';
import { useDeviceCommand } from '../use-device-command';
import { useRemoteVolume } from './use-remote-volume';

// The hook over core's state machine, with the registry's real frame batching: fake timers drive
// The remote volume's 800 ms debounce, 500 ms flag and 3 s forced sync.

async function setup() {
  const services = createTestServices();
  await services.devices.connect('p1');
  const link = services.links.get('p1')!;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesContext.Provider value={services}>
      <NotifierContext.Provider value={new Notifier()}>{children}</NotifierContext.Provider>
    </ServicesContext.Provider>
  );
  const renders = { count: 0 };
  const { result, unmount } = renderHook(
    () => {
      renders.count += 1;
      return useRemoteVolume('p1', useDeviceCommand('p1'));
    },
    { wrapper },
  );
  /** The player publishes a volume on its 0–16 scale; the frame batcher delivers it. */
  const report = async (volume: number, volumeMax = 16) => {
    link.emit({ volume, volumeMax });
    await act(() => vi.advanceTimersByTimeAsync(1));
  };
  const volumeSends = () => link.sent.filter((c) => c.name === 'volume/set').map((c) => c.payload);
  return { result, unmount, report, volumeSends, renders };
}

describe('useRemoteVolume', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at the default 7, then takes the first player report', async () => {
    const { result, report } = await setup();
    expect(result.current.value).toBe(7);
    await report(4);
    expect(result.current.value).toBe(4);
  });

  it('moves at once, sends the percentage of 16 of the level after 800 ms without change', async () => {
    const { result, volumeSends } = await setup();
    act(() => result.current.change(9));
    expect(result.current.value).toBe(9);
    expect(result.current.updating).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(500));
    act(() => result.current.change(12));
    await act(() => vi.advanceTimersByTimeAsync(799));
    expect(volumeSends()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(volumeSends()).toEqual([{ volume: 88 }]);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(result.current.updating).toBe(false);
  });

  it('under a limit of 8 it stops at level 7, sends 50 % (8 of 16) and does not jump back', async () => {
    const { result, report, volumeSends } = await setup();
    await report(6, 8);
    expect(result.current).toMatchObject({ value: 5, max: 7, limit: 8 });
    act(() => result.current.change(12));
    expect(result.current.value).toBe(7);
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(volumeSends()).toEqual([{ volume: 50 }]);
    await report(8, 8);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(result.current.value).toBe(7);
  });

  it('a lower limit reported later brings the gauge down to it; volume 8 under 13 is 7, not 9', async () => {
    const { result, report } = await setup();
    await report(8, 13);
    expect(result.current).toMatchObject({ value: 7, max: 11, limit: 13 });
    await report(5, 5);
    expect(result.current).toMatchObject({ value: 4, max: 4, limit: 5 });
  });

  it('ignores the player while updating; 3 s after the send it settles on what the player last said', async () => {
    const { result, report } = await setup();
    await report(8); // gauge 7
    act(() => result.current.change(12));
    await act(() => vi.advanceTimersByTimeAsync(800));
    await report(2); // the player stayed low (gauge 2) while the flag was on: ignored for now
    expect(result.current.value).toBe(12);
    await act(() => vi.advanceTimersByTimeAsync(2998)); // 1 ms before the check (the report took 1)
    expect(result.current.value).toBe(12);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.value).toBe(2);
  });

  it('a confirmation that came while updating is kept by the forced sync', async () => {
    const { result, report } = await setup();
    await report(8);
    act(() => result.current.change(12));
    await act(() => vi.advanceTimersByTimeAsync(900));
    await report(14); // 86 % of 16: gauge 12, the awaited value
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(result.current.value).toBe(12);
    await report(13); // gauge 11: within the tolerance, the UI stays
    expect(result.current.value).toBe(12);
  });

  it('adopts a player value that is not the awaited one and differs by more than 2', async () => {
    const { result, report } = await setup();
    await report(8);
    act(() => result.current.change(14));
    await act(() => vi.advanceTimersByTimeAsync(1300));
    await report(11); // capped by the player's limit: gauge 10, not the awaited 14
    expect(result.current.value).toBe(10);
    await report(12); // gauge 11: within 2 of what the UI shows, kept
    expect(result.current.value).toBe(10);
  });

  it('re-renders only when what the gauge shows changes, not for every report', async () => {
    const { result, report, renders } = await setup();
    await report(8);
    const settled = renders.count;
    await report(8);
    await report(9); // gauge 8: within the tolerance of 2, the gauge stays at 7
    expect(result.current.value).toBe(7);
    expect(renders.count).toBe(settled);
    await report(16);
    expect(result.current.value).toBe(14);
    expect(renders.count).toBe(settled + 1);
  });

  it('mute sends 0; unmounting stops a pending send', async () => {
    const first = await setup();
    act(() => first.result.current.change(0));
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(first.volumeSends()).toEqual([{ volume: 0 }]);

    const second = await setup();
    act(() => second.result.current.change(5));
    second.unmount();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(second.volumeSends()).toEqual([]);
  });
});
