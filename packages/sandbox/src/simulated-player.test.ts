import { beforeEach, describe, expect, it } from 'vitest';
import { playerHarness } from '../test/support/player-harness';
import type { PlayerHarness } from '../test/support/player-harness';

let h: PlayerHarness;
beforeEach(() => {
  h = playerHarness();
});
const uri = (title: string, fragment = '') => `https://yoto.io/${h.card(title).cardId}${fragment}`;
const utc = () => Math.floor(h.clock.now / 1000);

describe('SimulatedPlayer playback', () => {
  it('sends a progress delta every five seconds of playback', () => {
    h.command('card/start', { uri: uri('Good Morning Songs') });
    h.clear();
    h.tick(5);
    expect(h.events()).toEqual([{ position: 5, playbackStatus: 'playing', eventUtc: utc() }]);
    expect(h.player.snapshot()).toMatchObject({ position: 5, positionSeconds: 5 });
  });

  it('starts with loading (the card), then a playing delta with the chapter, track and length, no card', () => {
    const target = h.card('Good Morning Songs');
    h.command('card/start', { uri: uri('Good Morning Songs') });
    const chapter = target.chapters[0];
    const track = chapter?.tracks[0];
    // Only what changed, as real players send it: the card was named by 'loading', the volume did not change.
    expect(h.events()).toEqual([
      { cardId: target.cardId, playbackStatus: 'loading', eventUtc: utc() },
      {
        playbackStatus: 'playing',
        chapterKey: '01',
        chapterTitle: chapter?.title,
        trackKey: '01',
        trackTitle: track?.title,
        trackLength: track?.duration,
        position: 0,
        source: 'remote',
        eventUtc: utc(),
      },
    ]);
    expect(h.player.snapshot()).toMatchObject({
      chapter: { key: '01', title: chapter?.title },
      track: { key: '01', title: track?.title, lengthSeconds: track?.duration },
    });
  });

  it('moves to the next track at the end of one and stops at the end of the card', () => {
    const target = h.card('Good Morning Songs');
    h.command('card/start', { uri: uri('Good Morning Songs') });
    const first = target.chapters[0]?.tracks[0];
    // Longer than the five-minute events window: the app's 30 s poll keeps it open.
    h.tickPolling(first?.duration ?? 0);
    const second = target.chapters[0]?.tracks[1] ?? target.chapters[1]?.tracks[0];
    expect(h.player.snapshot()).toMatchObject({
      position: 0,
      trackTitle: second?.title,
      playbackStatus: 'playing',
    });
    expect(h.events().at(-1)).toMatchObject({ trackTitle: second?.title, position: 0 });
    h.tickPolling(target.duration);
    expect(h.player.snapshot()).toMatchObject({ playbackStatus: 'stopped', cardId: 'none', track: null });
    expect(h.events().at(-1)).toMatchObject({ playbackStatus: 'stopped', cardId: 'none' });
  });

  it('starts at the chapter, track and seconds asked for, with numeric keys coerced', () => {
    const counting = h.card('Counting Songs');
    const last = counting.chapters.at(-1);
    h.command('card/start', {
      uri: uri('Counting Songs', `#chapter=${String(last?.key)}&track=1`),
      secondsIn: 3,
    });
    expect(h.player.snapshot()).toMatchObject({
      chapterKey: String(last?.key),
      chapterTitle: last?.title,
      trackKey: '1',
      position: 3,
    });
    // secondsIn makes it a start (without it the player resumes and ignores the chapter).
    h.command('card/start', { uri: uri('Counting Songs'), chapterKey: '99', secondsIn: 0 });
    expect(h.responses().at(-1)).toMatchObject({ status: { card: 'FAIL' } });
  });

  it('stops at the cutOff', () => {
    h.command('card/start', { uri: uri('Good Morning Songs'), cutOff: 3 });
    h.tick(3);
    expect(h.player.snapshot().playbackStatus).toBe('stopped');
  });

  it('holds the position while paused and goes on from it after resume', () => {
    h.command('card/start', { uri: uri('Good Morning Songs') });
    h.tick(3);
    h.command('card/pause');
    expect(h.events().at(-1)).toEqual({ playbackStatus: 'paused', position: 3, eventUtc: utc() });
    h.tick(10);
    expect(h.player.snapshot()).toMatchObject({ playbackStatus: 'paused', position: 3 });
    h.command('card/resume');
    expect(h.events().at(-1)).toEqual({ playbackStatus: 'playing', position: 3, eventUtc: utc() });
    h.tick(2);
    expect(h.player.snapshot().position).toBe(5);
    expect(h.responses().map((r) => r.status)).toEqual([
      expect.objectContaining({ card: 'OK' }),
      expect.objectContaining({ card: 'OK' }),
      expect.objectContaining({ card: 'OK' }),
    ]);
  });

  it('refuses a pause when nothing plays and a resume when nothing is paused', () => {
    h.command('card/pause');
    expect(h.responses().at(-1)).toMatchObject({ status: { card: 'FAIL' } });
    h.command('card/resume');
    expect(h.responses().at(-1)).toMatchObject({ status: { card: 'FAIL' } });
  });

  it('plays a physical card from the start and stops when it is taken out', () => {
    const target = h.card('Bedtime Stories');
    expect(h.player.insertCard(target.cardId)).toBe(true);
    expect(h.player.snapshot()).toMatchObject({
      insertedCardId: target.cardId,
      cardId: target.cardId,
      source: 'card',
      playbackStatus: 'playing',
    });
    expect(h.player.apiStatus()).toMatchObject({ cardInsertionState: 1, activeCard: target.cardId });
    expect(h.player.insertCard(null)).toBe(true);
    expect(h.player.snapshot()).toMatchObject({ insertedCardId: null, playbackStatus: 'stopped' });
    expect(h.player.apiStatus()).toMatchObject({ cardInsertionState: 0, activeCard: 'none' });
    expect(h.player.insertCard(null)).toBe(false);
    expect(h.player.insertCard('zzzzz')).toBe(false);
  });
});

describe('SimulatedPlayer volume, sleep timer, ambient light and display', () => {
  it('maps volume/set onto 0–16, capped at the configured limit', () => {
    h.command('volume/set', { volume: 100 });
    expect(h.player.snapshot().volume).toBe(16);
    expect(h.events().at(-1)).toEqual({ volume: 16, volumeMax: 16, eventUtc: utc() });
    h = playerHarness({ device: (d) => ({ ...d, config: { ...d.config, maxVolumeLimit: '10' } }) });
    h.command('volume/set', { volume: 50 });
    expect(h.player.snapshot().volume).toBe(8);
    h.command('volume/set', { volume: 100 });
    expect(h.player.snapshot().volume).toBe(10);
    h.command('volume/set', { volume: 0 });
    expect(h.player.snapshot().volume).toBe(0);
  });

  it('counts the sleep timer down in its events and stops playback when it reaches 0', () => {
    h.command('card/start', { uri: uri('Good Morning Songs') });
    h.command('sleep-timer/set', { seconds: 12 });
    expect(h.events().at(-1)).toEqual({ sleepTimerActive: true, sleepTimerSeconds: 12, eventUtc: utc() });
    h.clear();
    h.tick(5);
    expect(h.events()).toEqual([
      {
        position: 5,
        playbackStatus: 'playing',
        sleepTimerActive: true,
        sleepTimerSeconds: 7,
        eventUtc: utc(),
      },
    ]);
    expect(h.player.snapshot()).toMatchObject({ sleepTimerActive: true, sleepTimerSeconds: 7 });
    h.tick(7);
    expect(h.player.snapshot()).toMatchObject({
      playbackStatus: 'stopped',
      sleepTimerActive: false,
      sleepTimerSeconds: 0,
    });
    expect(h.events().slice(-2)).toEqual([
      { cardId: 'none', playbackStatus: 'stopped', eventUtc: utc() },
      { sleepTimerActive: false, sleepTimerSeconds: 0, eventUtc: utc() },
    ]);
  });

  it('disables the sleep timer with 0 seconds', () => {
    h.command('card/start', { uri: uri('Good Morning Songs') });
    h.command('sleep-timer/set', { seconds: 3 });
    h.command('sleep-timer/set', { seconds: 0 });
    expect(h.events().at(-1)).toEqual({ sleepTimerActive: false, sleepTimerSeconds: 0, eventUtc: utc() });
    h.tick(5);
    expect(h.player.snapshot()).toMatchObject({ playbackStatus: 'playing', sleepTimerActive: false });
  });

  it('keeps the ambient colour and reports it as the nightlight mode, black as off', () => {
    h.command('ambients/set', { r: 255, g: 165, b: 0 });
    expect(h.player.snapshot()).toMatchObject({
      ambientColour: { r: 255, g: 165, b: 0 },
      ambient: { r: 255, g: 165, b: 0 },
      nightlightMode: '#ffa500',
    });
    h.command('status/request');
    expect(h.statuses().at(-1)).toMatchObject({ nightlightMode: '#ffa500' });
    expect(h.player.apiStatus()).toMatchObject({ nightlightMode: '#ffa500' });
    h.command('ambients/set', { r: 0, g: 0, b: 0 });
    expect(h.player.apiStatus()).toMatchObject({ nightlightMode: 'off' });
    h.command('ambients/set', { r: 256, g: 0, b: 0 });
    expect(h.responses().at(-1)).toMatchObject({ status: { ambients: 'FAIL' } });
  });

  it('shows a display preview for its timeout and remembers the last one', () => {
    h.command('display/preview', { uri: 'https://example.com/icon.png', timeout: 3, animated: 1 });
    const preview = { uri: 'https://example.com/icon.png', timeout: 3, animated: 1 };
    expect(h.player.snapshot()).toMatchObject({
      displayPreview: preview,
      lastDisplayPreview: { ...preview, at: new Date(h.clock.now).toISOString() },
    });
    h.tick(2);
    expect(h.player.snapshot().displayPreview).toEqual(preview);
    h.tick(1);
    expect(h.player.snapshot()).toMatchObject({ displayPreview: null, lastDisplayPreview: preview });
    h.command('display/preview', { uri: 'x', timeout: 3, animated: true });
    expect(h.responses().at(-1)).toMatchObject({ status: { display: 'FAIL' } });
  });

  it('answers FAIL for a command outside the map', () => {
    h.command('teleport', { to: 'moon' });
    expect(h.responses()).toEqual([{ status: { teleport: 'FAIL', req_body: '{"to":"moon"}' } }]);
  });
});

describe('SimulatedPlayer reboot', () => {
  beforeEach(() => {
    h = playerHarness({ settings: { rebootDelayMs: 2_000 } });
  });

  it('goes offline, ignores commands, and comes back after the delay with playback stopped', () => {
    h.command('card/start', { uri: uri('Good Morning Songs') });
    h.command('sleep-timer/set', { seconds: 600 });
    h.tick(10);
    h.clear();
    h.command('reboot');
    expect(h.responses()).toEqual([{ status: { reboot: 'OK', req_body: '' } }]);
    expect(h.events()).toEqual([]);
    expect(h.player.online).toBe(false);
    expect(h.player.snapshot()).toMatchObject({ rebooting: true, online: false, rebootCount: 1 });
    expect(h.player.apiStatus()).toMatchObject({ isOnline: false });

    h.command('status/request');
    h.tick(1);
    // The response, and the broker's last will as the connection drops: nothing for the request.
    expect(h.published.map((p) => p.topic).sort()).toEqual([h.topics.presence, h.topics.response]);
    expect(h.published.find((p) => p.topic === h.topics.presence)?.message.state).toBe('offline');

    h.tick(1);
    expect(h.player.snapshot()).toMatchObject({
      rebooting: false,
      online: true,
      playbackStatus: 'stopped',
      cardId: 'none',
      sleepTimerActive: false,
    });
    expect(h.events()).toEqual([expect.objectContaining({ cardId: 'none', playbackStatus: 'stopped' })]);
    expect(h.statuses()).toHaveLength(1);
    expect(h.player.apiStatus()).toMatchObject({ isOnline: true, uptime: 0 });
    h.tick(90);
    expect(h.player.apiStatus()).toMatchObject({ uptime: 90 });
  });

  it('stays offline after the reboot when the network knob took it offline meanwhile', () => {
    h.command('reboot');
    h.player.setOnline(false);
    h.tick(5);
    expect(h.player.snapshot()).toMatchObject({ rebooting: false, online: false, networkUp: false });
    h.player.setOnline(true);
    expect(h.player.online).toBe(true);
  });
});

describe('SimulatedPlayer status on its own', () => {
  it('sends its status every status interval while online, and a request does not move the cycle', () => {
    h = playerHarness({ settings: { statusIntervalMs: 60_000 } });
    h.tick(30);
    h.command('status/request');
    expect(h.statuses()).toHaveLength(1);
    h.tick(29);
    expect(h.statuses()).toHaveLength(1);
    h.tick(1);
    expect(h.statuses()).toHaveLength(2);
    h.tick(60);
    expect(h.statuses()).toHaveLength(3);
  });

  it('sends no status for a change: a colour, a Bluetooth command or a knob shows in the next one', () => {
    h.command('ambients/set', { r: 255, g: 0, b: 0 });
    h.command('bluetooth/on', { action: 'on', mode: 'true', name: 'Living Room Speaker' });
    h.player.setPower({ powerSource: 1 });
    h.player.setEnvironment({ headphones: true });
    h.player.setBluetooth({ driverFailure: false });
    expect(h.statuses()).toEqual([]);
    h.tick(299);
    expect(h.statuses()).toEqual([]);
    h.tick(1);
    expect(h.statuses()).toEqual([
      expect.objectContaining({ nightlightMode: '#ff0000', bluetoothHp: 1, charging: 1, headphones: true }),
    ]);
  });
});

describe('SimulatedPlayer events window (about 5 minutes after events/request, as real players)', () => {
  it('pushes events within five minutes of the last events/request, then stops', () => {
    h.command('card/start', { uri: uri('Good Morning Songs') });
    h.tick(295);
    expect(h.events().at(-1)).toEqual({ position: 295, playbackStatus: 'playing', eventUtc: utc() });
    h.clear();
    h.tick(20);
    h.command('volume/set', { volume: 25 });
    expect(h.events()).toEqual([]);
    expect(h.player.snapshot()).toMatchObject({ playbackStatus: 'playing', position: 315, volume: 4 });
    expect(h.responses()).toEqual([{ status: { volume: 'OK', req_body: '{"volume":25}' } }]);
  });

  it('answers a new events/request at once and pushes again for five minutes from it', () => {
    h.command('card/start', { uri: uri('Good Morning Songs') });
    h.tick(400);
    h.clear();
    h.command('events/request');
    expect(h.events()).toEqual([
      expect.objectContaining({ playbackStatus: 'playing', position: 400, volume: 8, eventUtc: utc() }),
    ]);
    expect(h.player.snapshot().eventsRequestedAt).toBe(h.clock.now);
    h.tick(5);
    expect(h.events().at(-1)).toEqual({ position: 405, playbackStatus: 'playing', eventUtc: utc() });
    h.tick(294);
    const pushed = h.events().length;
    h.tick(1); // 300 s after the request
    h.tick(30);
    expect(h.events()).toHaveLength(pushed);
  });

  it('keeps the window open for an app that re-requests every 30 seconds', () => {
    h.command('card/start', { uri: uri('Good Morning Songs') });
    h.tickPolling(600);
    h.clear();
    h.tick(5);
    // A progress delta (the position is within the track playing by then).
    expect(h.events()).toEqual([expect.objectContaining({ playbackStatus: 'playing', position: 105 })]);
  });

  it('pushes nothing before the first events/request, even for a press on the player itself', () => {
    h = playerHarness({ requestEvents: false });
    h.command('card/start', { uri: uri('Good Morning Songs') });
    expect(h.player.pressButton('pause')).toBe(true);
    h.tick(10);
    expect(h.events()).toEqual([]);
    expect(h.responses()).toMatchObject([{ status: { card: 'OK' } }]);
    h.command('events/request');
    expect(h.events()).toEqual([expect.objectContaining({ playbackStatus: 'paused', position: 0 })]);
    expect(h.player.pressButton('resume')).toBe(true);
    expect(h.events().at(-1)).toEqual({ playbackStatus: 'playing', position: 0, eventUtc: utc() });
  });

  it('coming back online after the window sends its status but no events until asked', () => {
    h.tick(300);
    h.player.setOnline(false);
    h.player.setOnline(true);
    expect(h.statuses()).toHaveLength(2);
    expect(h.events()).toEqual([]);
    h.command('events/request');
    expect(h.events()).toHaveLength(1);
  });

  it('does not hear an events/request while offline', () => {
    h = playerHarness({ deviceId: 'demo-player-3' });
    expect(h.player.snapshot().eventsRequestedAt).toBeNull();
    h.player.setOnline(true);
    expect(h.events()).toEqual([]);
    expect(h.statuses()).toHaveLength(1);
  });
});
