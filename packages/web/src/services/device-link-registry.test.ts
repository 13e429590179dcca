import { describe, expect, it } from 'vitest';
import { DeviceLinkRegistry } from './device-link-registry';
import { InMemoryDeviceLink } from '../test/twins';

const setup = (token: string | null = 'tok') => {
  const frames: Array<() => void> = [];
  const links = new Map<string, InMemoryDeviceLink>();
  const registry = new DeviceLinkRegistry({
    getAccessToken: () => Promise.resolve(token),
    createLink: (deviceId) => {
      const link = new InMemoryDeviceLink();
      links.set(deviceId, link);
      return Promise.resolve(link);
    },
    scheduleFrame: (callback) => frames.push(callback),
    log: () => undefined,
  });
  return { registry, links, frames };
};

const flushMicrotasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('DeviceLinkRegistry', () => {
  it('keeps one link per player and reports its status', async () => {
    const { registry, links } = setup();
    expect(await registry.connect('p1')).toBe('connected');
    expect(await registry.connect('p1')).toBe('connected');
    expect(links.size).toBe(1);
    expect(registry.getSnapshot().links).toEqual({ p1: 'connected' });
    expect(registry.activeDeviceId()).toBe('p1');
  });

  it('does not connect without an access token', async () => {
    const { registry, links } = setup(null);
    expect(await registry.connect('p1')).toBe('no-token');
    expect(links.size).toBe(0);
  });

  it('applies device events once per frame and drops malformed ones', async () => {
    const { registry, links, frames } = setup();
    await registry.connect('p1');
    let renders = 0;
    registry.subscribe(() => renders++);
    const link = links.get('p1')!;
    link.emit({ playbackStatus: 'playing', cardId: 'abc', position: 1 });
    link.emit({ position: 2 });
    link.emit({ position: 3 });
    link.emit([1, 2, 3]);
    await flushMicrotasks();
    expect(renders).toBe(0);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(renders).toBe(1);
    expect(registry.getSnapshot().playback).toEqual({
      cardId: 'abc',
      deviceId: 'p1',
      isPlaying: true,
      isPaused: false,
    });
  });

  it('sends nothing to a player that is not connected, and forgets everything on disposeAll', async () => {
    const { registry, links } = setup();
    expect(registry.send('p1', 'card/stop', null)).toBe(false);
    await registry.connect('p1');
    expect(registry.send('p1', 'card/stop', null)).toBe(true);
    await registry.disposeAll();
    expect(registry.getSnapshot().links).toEqual({});
    expect(links.get('p1')!.status).toBe('disconnected');
  });
});
