import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useModalVolume } from './use-modal-volume';

describe('player modal volume: 800 ms debounce, reports ignored until 1000 ms after the send', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = () => {
    const sent: Array<{ volume: number }> = [];
    const hook = renderHook(() => useModalVolume((payload) => sent.push(payload)));
    return { sent, hook };
  };

  it('starts at 70 (level 7)', () => {
    const { hook } = setup();
    expect(hook.result.current.gauge).toBe(7);
    expect(hook.result.current.updating).toBe(false);
  });

  it('shows a change at once and sends the last value × 10 after 800 ms of quiet', () => {
    const { sent, hook } = setup();
    act(() => hook.result.current.change(3));
    expect(hook.result.current.gauge).toBe(3);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    act(() => hook.result.current.change(5));
    act(() => {
      vi.advanceTimersByTime(799);
    });
    expect(sent).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(sent).toEqual([{ volume: 50 }]);
  });

  it('ignores device reports while pending and for 1000 ms after the send, then adopts them', () => {
    const { sent, hook } = setup();
    act(() => hook.result.current.change(2));
    act(() => hook.result.current.report(9));
    expect(hook.result.current.gauge).toBe(2);
    act(() => {
      vi.advanceTimersByTime(800);
    });
    expect(sent).toEqual([{ volume: 20 }]);
    expect(hook.result.current.updating).toBe(true);
    act(() => {
      vi.advanceTimersByTime(999);
    });
    act(() => hook.result.current.report(9));
    expect(hook.result.current.gauge).toBe(2);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(hook.result.current.updating).toBe(false);
    act(() => hook.result.current.report(9));
    expect(hook.result.current.gauge).toBe(9);
  });

  it('mute sends 0', () => {
    const { sent, hook } = setup();
    act(() => hook.result.current.change(0));
    act(() => {
      vi.advanceTimersByTime(800);
    });
    expect(sent).toEqual([{ volume: 0 }]);
  });

  it('sends nothing after unmount', () => {
    const { sent, hook } = setup();
    act(() => hook.result.current.change(4));
    hook.unmount();
    vi.advanceTimersByTime(2000);
    expect(sent).toEqual([]);
  });
});
