import { describe, expect, it } from 'vitest';
import {
  EVENT_DELTA_PLAYING_NO_CARD,
  EVENT_DELTAS_VOLUME,
  EVENTS_FULL_IDLE,
  LEGACY_STATUS_RUNNING,
  LEGACY_STATUS_SHUTDOWN,
  PRESENCE_OFFLINE,
  PRESENCE_ONLINE,
} from '@playlist-alarms/core/test/fixtures/mqtt-presence';
import { flushMicrotasks, setupRegistry as setup } from '../test/registry-setup';

describe('DeviceLinkRegistry: presence and deltas', () => {
  const deliver = async (frames: Array<() => void>) => {
    await flushMicrotasks();
    frames.splice(0).forEach((frame) => frame());
  };

  it('keeps what the presence topic says, and forgets it with the session', async () => {
    const { registry, links, frames } = setup();
    await registry.connect('p1');
    links.get('p1')!.emitPresence(PRESENCE_OFFLINE);
    await deliver(frames);
    expect(registry.getSnapshot().devices.p1?.presence).toBe('offline');
    links.get('p1')!.emitPresence(PRESENCE_ONLINE);
    await deliver(frames);
    expect(registry.getSnapshot().devices.p1?.presence).toBe('online');
    links.get('p1')!.emitPresence({ state: 'asleep' });
    await deliver(frames);
    expect(registry.getSnapshot().devices.p1?.presence).toBe('online');
    await registry.disconnect('p1');
    expect(registry.getSnapshot().devices.p1).toBeUndefined();
  });

  it("reads the legacy status's shutDown: a switch-off is offline, 'nA' online", async () => {
    const { registry, links, frames } = setup();
    await registry.connect('p1');
    links.get('p1')!.emitStatus(LEGACY_STATUS_SHUTDOWN);
    await deliver(frames);
    expect(registry.getSnapshot().devices.p1?.presence).toBe('offline');
    links.get('p1')!.emitStatus(LEGACY_STATUS_RUNNING);
    await deliver(frames);
    expect(registry.getSnapshot().devices.p1?.presence).toBe('online');
    // A status without shutDown (the documented topic's) says nothing about it.
    links.get('p1')!.emitStatus({ batteryLevel: 40 });
    await deliver(frames);
    expect(registry.getSnapshot().devices.p1?.presence).toBe('online');
  });

  it('a player going offline stops the card it played', async () => {
    const { registry, links, frames } = setup();
    await registry.connect('p1');
    links.get('p1')!.emit({ cardId: 'abc', playbackStatus: 'playing' });
    await deliver(frames);
    expect(registry.getSnapshot().playback).toMatchObject({ cardId: 'abc', isPlaying: true });
    links.get('p1')!.emitPresence(PRESENCE_OFFLINE);
    await deliver(frames);
    expect(registry.getSnapshot().playback).toMatchObject({ cardId: null, isPlaying: false });
  });

  it('a playing delta without cardId plays the card an earlier message named', async () => {
    const { registry, links, frames } = setup();
    await registry.connect('p1');
    links.get('p1')!.emit({ ...EVENTS_FULL_IDLE });
    await deliver(frames);
    links.get('p1')!.emit({ cardId: 'abc', playbackStatus: 'loading' });
    await deliver(frames);
    links.get('p1')!.emit({ ...EVENT_DELTA_PLAYING_NO_CARD });
    await deliver(frames);
    expect(registry.getSnapshot().playback).toEqual({
      cardId: 'abc',
      deviceId: 'p1',
      isPlaying: true,
      isPaused: false,
    });
    links.get('p1')!.emit({ ...EVENT_DELTAS_VOLUME[0] });
    await deliver(frames);
    expect(registry.getSnapshot().devices.p1?.events).toMatchObject({
      cardId: 'abc',
      playbackStatus: 'playing',
      volume: 9,
      volumeMax: 13,
    });
  });
});
