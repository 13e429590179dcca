import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupRegistry as setup } from '../test/registry-setup';

describe('DeviceLinkRegistry status polling (after 1 s, then every 30 s from 2 s)', () => {
  afterEach(() => vi.useRealTimers());

  it('requests status and events 1 s after connecting, polls from 2 s every 30 s, and stops on disconnect', async () => {
    vi.useFakeTimers();
    const { registry, links } = setup('tok', true);
    await registry.connect('p1');
    const link = links.get('p1')!;
    const requests = () => link.sentNames().filter((name) => name.endsWith('/request')).length;
    await vi.advanceTimersByTimeAsync(999);
    expect(requests()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(link.sentNames()).toEqual(['status/request', 'events/request']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests()).toBe(4);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(requests()).toBe(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests()).toBe(6);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(requests()).toBe(8);

    await registry.disconnect('p1');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(requests()).toBe(8);
  });

  it('a link that drops by itself stops polling; logout stops every poll', async () => {
    vi.useFakeTimers();
    const { registry, links } = setup('tok', true);
    await registry.connect('p1');
    await registry.connect('p2');
    await links.get('p1')!.disconnect();
    await registry.disposeAll();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(links.get('p1')!.sent).toEqual([]);
    expect(links.get('p2')!.sent).toEqual([]);
  });
});
