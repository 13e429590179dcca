import { describe, expect, it } from 'vitest';
import type { CommandResult } from '@playlist-alarms/core/device/command-response';
import {
  EVENT_DELTA_PLAYING_NO_CARD,
  EVENTS_FULL_IDLE,
} from '@playlist-alarms/core/test/fixtures/mqtt-presence';
import type { DeviceCommandName } from '@playlist-alarms/core/device/mqtt-commands';
import type {
  DeviceLink,
  DeviceMessage,
  DeviceMessageKind,
  LinkStatus,
} from '@playlist-alarms/provider/device-link-types';
import { ManualClock } from '../../test/support/manual-clock';
import { systemClock } from './clock';
import { PlayerLinks } from './player-links';
import { MqttRinger } from './ringer';

const DEVICE = 'p1';
const CARD = '5WsQg';

/** What the player answers to card/start: its events (as deltas) and/or its response. */
interface Script {
  events: unknown[];
  response: unknown;
}

/** A connected link to a player that answers events/request in full and card/start by the script. */
class ScriptedLink implements DeviceLink {
  status: LinkStatus = 'disconnected';
  deviceId: string | null = null;
  /** A player switched off says nothing, though the link (to the broker) stays up. */
  playerOn = true;
  readonly closeReason = null;
  readonly connectFailure = null;
  private readonly handlers = new Set<(message: DeviceMessage) => void>();

  constructor(private readonly script: Script) {}

  connect(deviceId: string): Promise<boolean> {
    this.deviceId = deviceId;
    this.status = 'connected';
    return Promise.resolve(true);
  }
  disconnect(): Promise<void> {
    this.status = 'disconnected';
    return Promise.resolve();
  }
  send(name: DeviceCommandName): boolean {
    if (!this.playerOn) return this.status === 'connected';
    if (name === 'events/request') this.emit('events', EVENTS_FULL_IDLE);
    if (name === 'card/start') {
      for (const events of this.script.events) this.emit('events', events);
      if (this.script.response !== null) this.emit('response', this.script.response);
    }
    return this.status === 'connected';
  }
  request(): Promise<CommandResult> {
    return Promise.reject(new Error('not used'));
  }
  onMessage(handler: (message: DeviceMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
  onStatus(): () => void {
    return () => undefined;
  }
  onCloseReason(): () => void {
    return () => undefined;
  }
  dispose(): Promise<void> {
    return this.disconnect();
  }
  private emit(kind: DeviceMessageKind, payload: unknown): void {
    const message = { deviceId: DEVICE, kind, topic: `device/${DEVICE}/${kind}`, payload };
    queueMicrotask(() => this.handlers.forEach((handler) => handler(message)));
  }
}

const ring = (script: Script) => {
  const links = new PlayerLinks(
    { accessTokenFor: () => Promise.resolve('token') },
    () => new ScriptedLink(script),
    systemClock,
  );
  const ringer = new MqttRinger(links, systemClock, 'https://yoto.io');
  return ringer.ring({ userId: 'u1', deviceId: DEVICE, cardId: CARD, volume: 5 });
};

describe('MqttRinger confirmation', () => {
  it('played: loading names the card, a playing delta without cardId follows, no response', async () => {
    const result = await ring({
      events: [{ cardId: CARD, playbackStatus: 'loading' }, EVENT_DELTA_PLAYING_NO_CARD],
      response: null,
    });
    expect(result.outcome).toBe('played');
  });

  it("played: the player's `card: OK` alone confirms", async () => {
    const result = await ring({
      events: [],
      response: { status: { card: 'OK', req_body: `{"uri":"https://yoto.io/${CARD}"}` } },
    });
    expect(result.outcome).toBe('played');
  });

  it('failed: `card: FAIL`', async () => {
    const result = await ring({ events: [], response: { status: { card: 'FAIL', req_body: '' } } });
    expect(result).toEqual({ outcome: 'failed', detail: 'the player refused card/start' });
  });
});

/** Moves the manual clock on a second at a time until `work` settles (at most a minute). */
async function runOut<T>(clock: ManualClock, work: Promise<T>): Promise<T> {
  let done = false;
  void work.finally(() => (done = true)).catch(() => undefined);
  for (let second = 0; second < 60 && !done; second += 1) await clock.advance(1_000);
  return work;
}

describe('MqttRinger: a player heard on an earlier ringing, switched off since', () => {
  const setup = async (switchedOff = true) => {
    const clock = new ManualClock(new Date('2026-06-10T06:55:00.000Z'));
    const link = new ScriptedLink({ events: [{ cardId: CARD, playbackStatus: 'playing' }], response: null });
    const ringer = new MqttRinger(
      new PlayerLinks({ accessTokenFor: () => Promise.resolve('token') }, () => link, clock),
      clock,
      'https://yoto.io',
    );
    const request = { userId: 'u1', deviceId: DEVICE, cardId: CARD, volume: 5 };
    // Yesterday's ringing, on the link the worker keeps: the player answered then.
    expect((await runOut(clock, ringer.ring(request))).outcome).toBe('played');
    link.playerOn = !switchedOff;
    return { clock, ringer, request };
  };

  it('the prepare probe asks again and finds it off', async () => {
    const { clock, ringer } = await setup();
    expect(await runOut(clock, ringer.prepare('u1', DEVICE))).toBe('offline');
  });

  it('the ringing says player-offline, not that the player was heard', async () => {
    const { clock, ringer, request } = await setup();
    expect((await runOut(clock, ringer.ring(request))).outcome).toBe('player-offline');
  });

  it('one still on answers the probe, and plays', async () => {
    const { clock, ringer, request } = await setup(false);
    expect(await runOut(clock, ringer.prepare('u1', DEVICE))).toBe('reachable');
    expect((await runOut(clock, ringer.ring(request))).outcome).toBe('played');
  });
});

describe('PlayerLinks.closeIdle', () => {
  it('closes a link unused for ten minutes, and keeps one used since (a fade re-opens it each step)', async () => {
    const clock = new ManualClock(new Date('2026-06-10T06:55:00.000Z'));
    const made: ScriptedLink[] = [];
    const links = new PlayerLinks(
      { accessTokenFor: () => Promise.resolve('token') },
      () => {
        const link = new ScriptedLink({ events: [], response: null });
        made.push(link);
        return link;
      },
      clock,
    );
    await links.open('u1', 'p1');
    await links.open('u1', 'p2');
    await clock.advance(9 * 60_000);
    await links.open('u1', 'p2'); // used again
    await clock.advance(60_001); // p1 unused for just over ten minutes, p2 for one
    await links.closeIdle();
    expect(links.size).toBe(1);
    expect(made.map((link) => [link.deviceId, link.status])).toEqual([
      ['p1', 'disconnected'],
      ['p2', 'connected'],
    ]);
    await clock.advance(10 * 60_000);
    await links.closeIdle();
    expect(links.size).toBe(0);
  });

  it('keeps a retained link (a fade between steps) until it is released', async () => {
    const clock = new ManualClock(new Date('2026-06-10T06:55:00.000Z'));
    const links = new PlayerLinks(
      { accessTokenFor: () => Promise.resolve('token') },
      () => new ScriptedLink({ events: [], response: null }),
      clock,
    );
    await links.open('u1', 'p1');
    const release = links.retain('u1', 'p1');
    await clock.advance(30 * 60_000);
    await links.closeIdle();
    expect(links.size).toBe(1);
    release();
    release(); // a second call changes nothing
    await links.closeIdle();
    expect(links.size).toBe(0);
  });
});
