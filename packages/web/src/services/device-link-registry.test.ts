import { describe, expect, it } from 'vitest';
import { flushMicrotasks, setupRegistry as setup } from '../test/registry-setup';

describe('DeviceLinkRegistry', () => {
  it('keeps one link per player and reports its status', async () => {
    const { registry, links } = setup();
    expect(await registry.connect('p1')).toEqual({ status: 'connected' });
    expect(await registry.connect('p1')).toEqual({ status: 'connected' });
    expect(links.size).toBe(1);
    expect(registry.getSnapshot().links).toEqual({ p1: 'connected' });
    expect(registry.activeDeviceId()).toBe('p1');
  });

  it('does not connect without an access token', async () => {
    const { registry, links } = setup(null);
    expect(await registry.connect('p1')).toEqual({ status: 'no-token' });
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

  it('logs "MQTT client not connected" once for each command it refuses, and nothing for one it sends', async () => {
    const { registry, links, logged } = setup();
    expect(registry.send('p1', 'card/pause', null)).toBe(false);
    expect(logged).toEqual(['warn: MQTT client not connected']);
    // Refresh while disconnected is one refused request, not two lines.
    expect(registry.requestStatus('p1')).toBe(false);
    expect(logged).toEqual(['warn: MQTT client not connected', 'warn: MQTT client not connected']);

    await registry.connect('p1');
    logged.length = 0;
    expect(registry.send('p1', 'card/pause', null)).toBe(true);
    expect(registry.requestStatus('p1')).toBe(true);
    await registry.disconnect('p1');
    expect(registry.send('p1', 'card/stop', null)).toBe(false);
    expect(logged).toEqual(['warn: MQTT client not connected']);
    expect(links.get('p1')!.sentNames()).toEqual(['card/pause', 'status/request', 'events/request']);

    // A link that refuses by itself logs the line itself (MqttDeviceLink does): not a second time here.
    await registry.connect('p2');
    links.get('p2')!.status = 'disconnected'; // dropped, and the registry not told yet
    logged.length = 0;
    expect(registry.send('p2', 'card/stop', null)).toBe(false);
    expect(logged).toEqual([]);
  });

  it('keeps per player the merged events, the merged MQTT status (top level or under status) and the last Bluetooth result', async () => {
    const { registry, links, frames } = setup();
    await registry.connect('p1');
    const link = links.get('p1')!;
    link.emit({ volume: 5, volumeMax: 16, playbackStatus: 'stopped' });
    link.emitStatus({ status: { batteryLevel: 80, charging: 0, fwVersion: 'v1' } });
    link.emitResponse({ status: { '/bluetooth/state': 'OK', req_body: '' } });
    link.emitStatus('not json at all');
    await flushMicrotasks();
    frames.splice(0).forEach((frame) => frame());
    link.emit({ volume: 9 });
    link.emitStatus({ batteryLevel: 79 });
    await flushMicrotasks();
    frames.splice(0).forEach((frame) => frame());

    const p1 = registry.getSnapshot().devices.p1!;
    expect(p1.events).toMatchObject({ volume: 9, volumeMax: 16, playbackStatus: 'stopped' });
    expect(p1.status).toMatchObject({ batteryLevel: 79, charging: 0, fwVersion: 'v1' });
    expect(p1.bluetoothResponse).toEqual({ status: { '/bluetooth/state': 'OK', req_body: '' }, seq: 1 });
  });

  it('keeps a slice’s object when a message changes nothing in it, and one player’s messages leave the other’s alone', async () => {
    const { registry, links, frames } = setup();
    await registry.connect('p1');
    await registry.connect('p2');
    const deliver = async () => {
      await flushMicrotasks();
      frames.splice(0).forEach((frame) => frame());
    };
    links.get('p1')!.emit({ playbackStatus: 'playing', cardId: 'abc', volume: 5 });
    links.get('p1')!.emitStatus({ batteryLevel: 80 });
    links.get('p2')!.emit({ volume: 3 });
    await deliver();
    const first = registry.getSnapshot();
    let notified = 0;
    registry.subscribe(() => notified++);

    // The same report again: nothing changes, nobody is told.
    links.get('p1')!.emit({ playbackStatus: 'playing', volume: 5 });
    links.get('p1')!.emitStatus({ batteryLevel: 80 });
    await deliver();
    expect(notified).toBe(0);
    expect(registry.getSnapshot()).toBe(first);

    // A new position for p1: p1's events change; its status, p2's slice and the playback state stay.
    links.get('p1')!.emit({ position: 7 });
    await deliver();
    const next = registry.getSnapshot();
    expect(notified).toBe(1);
    expect(next.devices.p1!.events).not.toBe(first.devices.p1!.events);
    expect(next.devices.p1!.events).toMatchObject({ playbackStatus: 'playing', volume: 5, position: 7 });
    expect(next.devices.p1!.status).toBe(first.devices.p1!.status);
    expect(next.devices.p2).toBe(first.devices.p2);
    expect(next.playback).toBe(first.playback);

    // A local action that changes nothing (resume while playing) tells nobody either.
    registry.applyLocal({ type: 'resume' });
    expect(notified).toBe(1);
  });

  it('numbers every response, so the same answer twice is still new', async () => {
    const { registry, links, frames } = setup();
    await registry.connect('p1');
    const link = links.get('p1')!;
    const seqs: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      link.emitResponse({ status: { '/bluetooth/connect': 'FAIL' } });
      await flushMicrotasks();
      frames.splice(0).forEach((frame) => frame());
      seqs.push(registry.getSnapshot().devices.p1!.bluetoothResponse!.seq);
    }
    expect(seqs[1]).toBeGreaterThan(seqs[0]!);
  });

  it('a Bluetooth result is not lost behind a status request’s answer in the same frame', async () => {
    const { registry, links, frames } = setup();
    await registry.connect('p1');
    const link = links.get('p1')!;
    link.emitResponse({ status: { '/bluetooth/disconnect': 'OK', req_body: '' } });
    // The 30 s poll's answers land in the same frame as the Bluetooth result.
    link.emitResponse({ status: { status: 'OK', req_body: '' } });
    link.emitResponse({ status: { events: 'OK', req_body: '' } });
    await flushMicrotasks();
    frames.splice(0).forEach((frame) => frame());
    expect(registry.getSnapshot().devices.p1!.bluetoothResponse).toEqual({
      status: { '/bluetooth/disconnect': 'OK', req_body: '' },
      seq: 1,
    });

    // And on their own, such answers tell nobody.
    let notified = 0;
    registry.subscribe(() => notified++);
    link.emitResponse({ status: { '/card/stop': 'OK', req_body: '' } });
    await flushMicrotasks();
    frames.splice(0).forEach((frame) => frame());
    expect(notified).toBe(0);
  });

  it('tells which Bluetooth command a `bluetooth`-keyed answer follows', async () => {
    const { registry, links, frames } = setup();
    await registry.connect('p1');
    registry.send('p1', 'bluetooth/delete-bonds', null);
    registry.send('p1', 'status/request', null); // not a Bluetooth command: it changes nothing
    links.get('p1')!.emitResponse({ status: { bluetooth: 'OK', req_body: '' } });
    await flushMicrotasks();
    frames.splice(0).forEach((frame) => frame());
    expect(registry.getSnapshot().devices.p1!.bluetoothResponse).toMatchObject({
      status: { bluetooth: 'OK' },
      sentCommand: 'delete-bonds',
    });
  });

  it('links get the registry’s token source: a session the broker ended at expiry comes back with a fresh token', async () => {
    const { registry, links, source } = setup();
    await registry.connect('p1');
    const link = links.get('p1')!;
    const states: Array<[string, string | undefined]> = [];
    registry.subscribe(() => {
      const snapshot = registry.getSnapshot();
      states.push([snapshot.links.p1 ?? 'none', snapshot.closeReasons.p1]);
    });
    source.token = 'fresh';
    await link.endSessionAtExpiry();
    expect(states).toEqual([
      ['connected', 'Connection closed: token expired — reconnecting'],
      ['connecting', 'Connection closed: token expired — reconnecting'],
      ['connected', 'Connection closed: token expired — reconnecting'],
      ['connected', undefined],
    ]);
    expect(link.tokens).toEqual(['tok', 'fresh']);
    // Its data and session stay: it is the same connection, not a new one.
    expect(registry.session('p1')).toBe(1);
  });

  it('disconnect ends one player’s link and its status follows', async () => {
    const { registry, links } = setup();
    await registry.connect('p1');
    await registry.connect('p2');
    await registry.disconnect('p1');
    expect(registry.getSnapshot().links).toEqual({ p1: 'disconnected', p2: 'connected' });
    expect(links.get('p1')!.status).toBe('disconnected');
    expect(registry.send('p1', 'status/request', null)).toBe(false);
    await registry.disconnect('never-connected');
  });

  it('a card’s commands go to the player it plays on, never to another connected one', async () => {
    const { registry } = setup();
    await registry.connect('p1');
    await registry.connect('p2');
    expect(registry.playbackDeviceId()).toBe('p1'); // nothing playing: the first connected
    registry.applyLocal({ type: 'play', cardId: 'abc', deviceId: 'p2' });
    expect(registry.playbackDeviceId()).toBe('p2');
    await registry.disconnect('p2');
    // p1 is connected but plays nothing: Pause or Stop must not go there.
    expect(registry.playbackDeviceId()).toBeNull();
    expect(registry.activeDeviceId()).toBe('p1'); // a new Play may still use it
  });

  it('a disconnect forgets that player’s status, events and Bluetooth result; other players and the playback state stay', async () => {
    const { registry, links, frames } = setup();
    const deliver = async () => {
      await flushMicrotasks();
      frames.splice(0).forEach((frame) => frame());
    };
    await registry.connect('p1');
    await registry.connect('p2');
    links.get('p1')!.emit({ playbackStatus: 'playing', cardId: 'abc', volume: 5 });
    links.get('p1')!.emitStatus({ batteryLevel: 80 });
    links.get('p1')!.emitResponse({ status: { '/bluetooth/state': 'OK' } });
    links.get('p2')!.emit({ volume: 3 });
    await deliver();
    const before = registry.getSnapshot();

    await registry.disconnect('p1');
    const after = registry.getSnapshot();
    expect(after.devices.p1).toBeUndefined();
    expect(after.devices.p2).toBe(before.devices.p2);
    // Only events and local actions move the playback state; a disconnect is neither.
    expect(after.playback).toBe(before.playback);

    // Connected again: the new session's messages fill the slice from empty.
    await registry.connect('p1');
    links.get('p1')!.emitStatus({ charging: 1 });
    await deliver();
    expect(registry.getSnapshot().devices.p1).toEqual({
      events: null,
      status: { charging: 1 },
      bluetoothResponse: null,
      presence: null,
    });
  });

  it('messages still waiting for a frame when their player disconnects do not bring its data back', async () => {
    const { registry, links, frames } = setup();
    await registry.connect('p1');
    await registry.connect('p2');
    links.get('p1')!.emitStatus({ batteryLevel: 50 });
    links.get('p1')!.emit({ playbackStatus: 'playing', cardId: 'abc', volume: 4 });
    links.get('p2')!.emitStatus({ batteryLevel: 30 });
    await flushMicrotasks();
    await registry.disconnect('p1');
    frames.splice(0).forEach((frame) => frame());
    const snapshot = registry.getSnapshot();
    expect(snapshot.devices.p1).toBeUndefined();
    expect(snapshot.devices.p2!.status).toEqual({ batteryLevel: 30 });
    // The event was received while connected: it still moves the playback state, as it always did.
    expect(snapshot.playback).toMatchObject({ cardId: 'abc', deviceId: 'p1', isPlaying: true });
  });

  it('numbers each connection of a player, and only a connected one has a session', async () => {
    const { registry } = setup();
    expect(registry.session('p1')).toBeNull();
    await registry.connect('p1');
    const first = registry.session('p1');
    expect(first).not.toBeNull();
    await registry.disconnect('p1');
    expect(registry.session('p1')).toBeNull();
    await registry.connect('p1');
    expect(registry.session('p1')).not.toBe(first);
    expect(registry.session('p1')).not.toBeNull();
  });

  it('messages still waiting for a frame at logout do not bring old state back', async () => {
    const { registry, links, frames } = setup();
    await registry.connect('p1');
    links.get('p1')!.emitStatus({ batteryLevel: 50 });
    await flushMicrotasks();
    await registry.disposeAll();
    frames.splice(0).forEach((frame) => frame());
    expect(registry.getSnapshot().devices).toEqual({});
  });
});
