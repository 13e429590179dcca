// Test support: one seeded simulated player on a hand-driven clock. The publish function is the
// player's only outlet, so recording it is observing the player, not mocking a collaborator.
// By default the harness starts like a freshly connected app: one events/request, so the player
// pushes events for the next five minutes; tests of that window start without it.
import { z } from 'zod';
import { deviceTopics } from '@playlist-alarms/core/device/mqtt-commands';
import type { SeedCard, SeedDevice } from '../../src/household';
import type { PlayerSettings } from '../../src/player-state';
import { seedHousehold } from '../../src/seed-household';
import { SimulatedPlayer } from '../../src/simulated-player';

const messageSchema = z.record(z.string(), z.unknown());
const statusMessageSchema = z.object({ status: messageSchema });

/** Monday 6 January 2025, 09:00 UTC: daytime in London (04:00 in Grandma's New York). */
const START = Date.UTC(2025, 0, 6, 9, 0, 0);

export interface HarnessOptions {
  deviceId?: string;
  settings?: Partial<PlayerSettings>;
  /** Changes the seed device before the player is built (e.g. a lower volume limit). */
  device?: (seed: SeedDevice) => SeedDevice;
  /** false: start without the app's first events/request (the player pushes no events yet). */
  requestEvents?: boolean;
}

/** The app re-requests events this often while connected. */
const APP_POLL_SECONDS = 30;

export function playerHarness(options: HarnessOptions = {}) {
  const household = seedHousehold();
  const deviceId = options.deviceId ?? 'demo-player-1';
  const seed = household.devices.get(deviceId);
  if (!seed) throw new Error(`no seeded ${deviceId}`);
  const device = (options.device ?? ((d) => d))(structuredClone(seed));
  const cards = [...household.cards.values()];
  const topics = deviceTopics(deviceId);
  const clock = { now: START };
  const published: { topic: string; message: Record<string, unknown> }[] = [];
  const player = new SimulatedPlayer(
    device,
    (id) => cards.find((c) => c.cardId === id && c.readable && c.familyId === device.familyId),
    (topic, message) => published.push({ topic, message: messageSchema.parse(structuredClone(message)) }),
    () => clock.now,
    options.settings,
  );
  const on = (topic: string) => published.filter((p) => p.topic === topic).map((p) => p.message);
  const command = (name: string, payload: unknown = null): void => {
    player.handleCommand(name, Buffer.from(payload === null ? '' : JSON.stringify(payload)));
  };
  const tick = (seconds: number): void => {
    for (let i = 0; i < seconds; i += 1) {
      clock.now += 1000;
      player.tick();
    }
  };
  if (options.requestEvents ?? true) {
    command('events/request');
    published.length = 0;
  }

  return {
    player,
    device,
    topics,
    clock,
    published,
    card(title: string): SeedCard {
      const found = cards.find((c) => c.title === title && c.familyId === device.familyId);
      if (!found) throw new Error(`no card titled ${title}`);
      return found;
    },
    command,
    /** Seconds of the player's life, one tick each. */
    tick,
    /** Seconds of the player's life while a connected app re-requests events every 30 s. */
    tickPolling(seconds: number): void {
      for (let done = 0; done < seconds; done += APP_POLL_SECONDS) {
        command('events/request');
        tick(Math.min(APP_POLL_SECONDS, seconds - done));
      }
    },
    events: () => on(topics.events),
    responses: () => on(topics.response),
    statuses: () => on(topics.status).map((m) => statusMessageSchema.parse(m).status),
    clear(): void {
      published.length = 0;
    },
  };
}

export type PlayerHarness = ReturnType<typeof playerHarness>;
