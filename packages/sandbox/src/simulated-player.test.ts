import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deviceTopics } from '@playlist-alarms/core/mqtt-commands';
import type { SeedCard, SeedDevice } from './household';
import { seedHousehold } from './seed-household';
import { SimulatedPlayer } from './simulated-player';

// The player's own logic with a hand-driven clock: the publish function is the player's only
// outlet, so recording it is observing the player, not mocking a collaborator.
const household = seedHousehold();
const device = household.devices.get('demo-player-1');
const cards = [...household.cards.values()];
const card = (title: string): SeedCard => {
  const found = cards.find((c) => c.title === title);
  if (!found) throw new Error(`no ${title}`);
  return found;
};
const topics = deviceTopics('demo-player-1');
const messageSchema = z.record(z.string(), z.unknown());

let now: number;
let published: { topic: string; message: Record<string, unknown> }[];
let player: SimulatedPlayer;

const playerOf = (seed: SeedDevice) =>
  new SimulatedPlayer(
    seed,
    (id) => cards.find((c) => c.cardId === id && c.readable && c.familyId === seed.familyId),
    (topic, message) => published.push({ topic, message: messageSchema.parse(structuredClone(message)) }),
    () => now,
  );

beforeEach(() => {
  if (!device) throw new Error('seed changed');
  now = Date.UTC(2025, 0, 6, 9, 0, 0);
  published = [];
  player = playerOf(structuredClone(device));
});

const command = (name: string, payload: unknown = null) =>
  player.handleCommand(name, Buffer.from(payload === null ? '' : JSON.stringify(payload)));
const events = () => published.filter((p) => p.topic === topics.events).map((p) => p.message);
const responses = () => published.filter((p) => p.topic === topics.response).map((p) => p.message);
const tick = (seconds: number) => {
  for (let i = 0; i < seconds; i += 1) {
    now += 1000;
    player.tick();
  }
};

describe('SimulatedPlayer', () => {
  it('sends a progress delta every five seconds of playback', () => {
    command('card/start', { uri: `https://yoto.io/${card('Good Morning Songs').cardId}` });
    published = [];
    tick(5);
    expect(events()).toEqual([{ position: 5, playbackStatus: 'playing', eventUtc: Math.floor(now / 1000) }]);
  });

  it('moves to the next track at the end of one and stops at the end of the card', () => {
    const target = card('Good Morning Songs');
    command('card/start', { uri: `https://yoto.io/${target.cardId}` });
    const first = target.chapters[0]?.tracks[0];
    tick(first?.duration ?? 0);
    const second = target.chapters[0]?.tracks[1] ?? target.chapters[1]?.tracks[0];
    expect(player.snapshot()).toMatchObject({
      position: 0,
      trackTitle: second?.title,
      playbackStatus: 'playing',
    });
    tick(target.duration);
    expect(player.snapshot()).toMatchObject({ playbackStatus: 'stopped', cardId: 'none' });
    expect(events().at(-1)).toMatchObject({ playbackStatus: 'stopped', cardId: 'none' });
  });

  it('starts at the chapter, track and seconds asked for, with numeric keys coerced', () => {
    const counting = card('Counting Songs');
    const last = counting.chapters.at(-1);
    command('card/start', {
      uri: `https://yoto.io/${counting.cardId}#chapter=${String(last?.key)}&track=1`,
      secondsIn: 3,
    });
    expect(player.snapshot()).toMatchObject({ chapterKey: String(last?.key), trackKey: '1', position: 3 });
    command('card/start', { uri: `https://yoto.io/${counting.cardId}`, chapterKey: '99' });
    expect(responses().at(-1)).toMatchObject({ status: { 'card/start': 'FAIL' } });
  });

  it('stops at the cutOff', () => {
    command('card/start', { uri: `https://yoto.io/${card('Good Morning Songs').cardId}`, cutOff: 3 });
    tick(3);
    expect(player.snapshot().playbackStatus).toBe('stopped');
  });

  it('stops playback when the sleep timer runs out', () => {
    command('card/start', { uri: `https://yoto.io/${card('Good Morning Songs').cardId}` });
    command('sleep-timer/set', { seconds: 2 });
    tick(2);
    expect(player.snapshot()).toMatchObject({ playbackStatus: 'stopped', sleepTimerActive: false });
  });

  it('maps volume/set onto 0–16, capped at the configured limit', () => {
    if (!device) throw new Error('seed changed');
    command('volume/set', { volume: 100 });
    expect(player.snapshot().volume).toBe(16);
    player = playerOf({ ...structuredClone(device), config: { ...device.config, maxVolumeLimit: '10' } });
    command('volume/set', { volume: 50 });
    expect(player.snapshot().volume).toBe(8);
    command('volume/set', { volume: 100 });
    expect(player.snapshot().volume).toBe(10);
  });

  it('refuses a pause when nothing plays', () => {
    command('card/pause');
    expect(responses().at(-1)).toMatchObject({ status: { 'card/pause': 'FAIL' } });
  });

  it('answers Bluetooth commands with SPEC keys and real state', () => {
    command('bluetooth/connect');
    expect(responses().at(-1)).toEqual({ status: { '/bluetooth/connect': 'FAIL', req_body: '' } });
    command('bluetooth/on', { action: 'on', mode: 'bt_speaker', mac: 'AA:BB:CC:DD:EE:FF' });
    expect(player.snapshot().bluetooth).toEqual({
      enabled: true,
      mode: 'bt_speaker',
      connected: true,
      bonds: ['AA:BB:CC:DD:EE:FF'],
    });
    command('bluetooth/delete-bonds');
    expect(responses().at(-1)).toMatchObject({ status: { '/bluetooth/delete_bonds': 'OK' } });
    expect(player.snapshot().bluetooth.bonds).toEqual([]);
  });

  it('answers FAIL for a command outside the map', () => {
    command('teleport', { to: 'moon' });
    expect(responses()).toEqual([{ status: { teleport: 'FAIL', req_body: '{"to":"moon"}' } }]);
  });
});
