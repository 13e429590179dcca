import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { sandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import type { PlayerKnobs, SandboxKnobs } from '@playlist-alarms/sandbox/knobs-client';
import type { PlayerStateAnswer } from '@playlist-alarms/sandbox/knob-schemas';

/**
 * How many Playwright workers run journeys at once: one more than the cores unless set. Many
 * journeys wait on the clock (an alarm's minute, a token's expiry), so workers overlap their waits.
 * On the two-core CI machine, with the headless shell and no tracing (below, and playwright.config.ts),
 * three workers took 11.9 min and left the cores a quarter idle (docs/testing.md); with full
 * Chromium and every journey traced, two had kept them busy. Each worker has a whole stack of its
 * own (sandbox, server, data folder), so journeys never share a household and need no order.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? availableParallelism() + 1));

/**
 * Ports of stack number `index`; far from the demo defaults (8080, 8090, 1884). E2E_PORT_OFFSET
 * moves them all, so two checkouts on one machine can run their journeys at once.
 */
export function stackPorts(index: number) {
  const offset = Number(process.env.E2E_PORT_OFFSET ?? 0) + 100 * index;
  return {
    app: 18080 + offset,
    sandbox: 18090 + offset,
    sandboxMqtt: 11884 + offset,
    // The journeys' local push service (e2e/push-*.spec.ts), an endpoint the server may send to.
    push: 18095 + offset,
  } as const;
}

// A worker's own stack: Playwright numbers its workers 0…workers-1 (TEST_PARALLEL_INDEX), and a
// worker restarted after a failure gets the same number, so it meets the same stack.
export const E2E_PORTS = stackPorts(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const appUrl = `http://localhost:${E2E_PORTS.app}`;
/** Stack number `index`'s data folder (its SQLite file), under the run's E2E_DATA_ROOT (playwright.config.ts). */
export function stackDataDir(index: number): string {
  const root = process.env.E2E_DATA_ROOT;
  if (!root) throw new Error('E2E_DATA_ROOT is unset: run the journeys through playwright.config.ts');
  return join(root, `stack-${index}`);
}
/**
 * The stack's demo client is confidential, as the provider's server-side clients are: the sandbox
 * refuses a token request without this secret, and the server sends it (SANDBOX_CLIENT_SECRET).
 */
export const E2E_CLIENT_SECRET = 'e2e-confidential-client-secret';
export const sandboxUrl = `http://127.0.0.1:${E2E_PORTS.sandbox}`;

/** Debian's Chromium: browsers cannot be downloaded here, so a missing one must fail loudly. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  }
  return path;
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The journeys' browser: Debian's chromium-headless-shell, the same engine without the browser's
 * own interface, which is what Playwright itself runs headless. On the two-core CI machine it took
 * a quarter less CPU than full Chromium's headless mode over the same journeys (docs/testing.md).
 * Full Chromium where the shell is not installed; `CHROMIUM_PATH` chooses for both.
 */
export function journeyBrowserPath(): string {
  if (!process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return chromiumPath();
}

/** How the journeys launch `executablePath`. */
export const journeyLaunchOptions = (executablePath: string) => ({
  executablePath,
  // Root in CI needs --no-sandbox; the closed network refuses Chromium's background calls.
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

/**
 * Full Chromium, for the journeys that show notifications: the headless shell answers
 * `Notification.permission` "denied" even where the permission is granted, so the app rightly
 * offers no notifications there. `test.use({ launchOptions: withNotifications() })`.
 */
export const withNotifications = () => journeyLaunchOptions(chromiumPath());

/** The sandbox's test knobs, typed by its own schemas. */
export const knobs = sandboxKnobs(sandboxUrl);
export type PlayerState = PlayerStateAnswer;

const cardsSchema = z.object({ cards: z.array(z.looseObject({ cardId: z.string(), title: z.string() })) });

/** A provider API answer to the demo account (a sandbox-issued token), as the app would get it. */
async function demoGet(path: string): Promise<unknown> {
  return demoCall('GET', path);
}

async function demoCall(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<unknown> {
  const { access_token } = await knobs.tokens('demo');
  const response = await fetch(`${sandboxUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${access_token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
  return response.json();
}

/** The demo account's own playlists, in the order the provider lists them (and the app shows them). */
const demoCards = async (): Promise<Array<{ cardId: string; title: string }>> =>
  cardsSchema.parse(await demoGet('/content/mine')).cards;

/** The demo account's card id of a playlist title, read from the provider API as the app reads it. */
async function cardIdOf(title: string): Promise<string> {
  const card = (await demoCards()).find((c) => c.title === title);
  if (!card) throw new Error(`no playlist titled "${title}" in the demo household`);
  return card.cardId;
}

/** One family library group's cards, as its detail answers the demo account. */
async function familyGroupCards(groupName: string): Promise<Array<{ cardId: string; title: string }>> {
  const groups = z
    .array(z.looseObject({ id: z.string(), name: z.string() }))
    .parse(await demoGet('/card/family/library/groups'));
  const group = groups.find((g) => g.name === groupName);
  if (!group) throw new Error(`no family library group named "${groupName}"`);
  return cardsSchema.parse(await demoGet(`/card/family/library/groups/${encodeURIComponent(group.id)}`))
    .cards;
}

/** A card's chapters in order (key, title), from its content as the provider answers the demo account. */
const cardChapters = async (cardId: string): Promise<Array<{ key: string; title: string }>> =>
  z
    .object({
      card: z.looseObject({
        content: z.looseObject({
          chapters: z.array(z.looseObject({ key: z.union([z.string(), z.number()]), title: z.string() })),
        }),
      }),
    })
    .parse(await demoGet(`/content/${encodeURIComponent(cardId)}`))
    .card.content.chapters.map((chapter) => ({ key: String(chapter.key), title: chapter.title }));

/** The demo family's players, online or not, as the provider lists them. */
const demoDeviceIds = async (): Promise<string[]> =>
  z
    .object({ devices: z.array(z.looseObject({ deviceId: z.string() })) })
    .parse(await demoGet('/device-v2/devices/mine'))
    .devices.map((device) => device.deviceId);

/** A player's whole config as the provider API answers it to the demo account. */
const deviceConfig = async (deviceId: string): Promise<Record<string, unknown>> =>
  z
    .object({ device: z.looseObject({ config: z.record(z.string(), z.unknown()) }) })
    .parse(await demoGet(`/device-v2/${encodeURIComponent(deviceId)}/config`)).device.config;

/**
 * A parent sets the player's max-volume limits in the provider's app: the config's
 * `maxVolumeLimit` (day) and `nightMaxVolumeLimit` (night), written back as a whole block.
 */
async function setVolumeLimits(deviceId: string, day: number, night: number): Promise<void> {
  const config = await deviceConfig(deviceId);
  await demoCall('PUT', `/device-v2/${encodeURIComponent(deviceId)}/config`, {
    config: { ...config, maxVolumeLimit: String(day), nightMaxVolumeLimit: String(night) },
  });
}

/** A player's config.alarms as the provider API answers them to the demo account. */
const deviceAlarms = async (deviceId: string): Promise<string[]> =>
  z.object({ alarms: z.array(z.string()) }).parse(await deviceConfig(deviceId)).alarms;

/** A player's own zone (geoTimezone): it rings its alarms by that clock. */
const deviceZone = async (deviceId: string): Promise<string> =>
  z
    .object({ device: z.looseObject({ geoTimezone: z.string() }) })
    .parse(await demoGet(`/device-v2/${encodeURIComponent(deviceId)}/config`)).device.geoTimezone;

/** Writes a player's alarm list through the provider API, the rest of its config as read. */
async function setDeviceAlarms(deviceId: string, alarms: string[]): Promise<void> {
  const config = await deviceConfig(deviceId);
  await demoCall('PUT', `/device-v2/${encodeURIComponent(deviceId)}/config`, {
    config: { ...config, alarms },
  });
}

/** The sandbox's test knobs: what a person could do to the players and the provider. */
export const sandbox = {
  reset: () => knobs.reset(),
  cardIdOf,
  cardChapters,
  demoCards,
  familyGroupCards,
  demoDeviceIds,
  deviceAlarms,
  deviceConfig,
  setVolumeLimits,
  deviceZone,
  setDeviceAlarms,
  setOnline: (deviceId: string, online: boolean) => knobs.player(deviceId).setOnline(online),
  playerState: (deviceId: string): Promise<PlayerState> => knobs.player(deviceId).state(),
  press: (deviceId: string, action: 'pause' | 'resume' | 'stop') => knobs.player(deviceId).press(action),
  /** Someone holds the player's left button (3 s leave Bluetooth speaker mode). */
  holdLeft: (deviceId: string, seconds = 3) => knobs.player(deviceId).holdLeft(seconds),
  /** The access-token lifetime of tokens issued from now on; null restores the start value (so does a reset). */
  tokenLifetime: (seconds: number | null) => knobs.setTokenLifetime(seconds),
  /** Refresh tokens issued so far stop working at the provider. */
  revokeRefreshTokens: () => knobs.revokeRefreshTokens(),
  /** Refresh grants the provider answered since it started. */
  tokenStats: () => knobs.tokenStats(),
  /** Bytes a faulty player publishes on one of its own topics, as they are. */
  rawMessage: (deviceId: string, topic: Parameters<PlayerKnobs['rawMessage']>[0], payload: string) =>
    knobs.player(deviceId).rawMessage(topic, payload),
  /** A physical card put in the player's slot (it plays from the start), or taken out (null). */
  insertCard: (deviceId: string, cardId: string | null) => knobs.player(deviceId).insertCard(cardId),
  /** The player's Bluetooth surroundings and failure scenarios (fields left out stay). */
  bluetooth: (deviceId: string, scenario: Parameters<PlayerKnobs['bluetooth']>[0]) =>
    knobs.player(deviceId).bluetooth(scenario),
  /** This player's timings until the next reset. */
  playerSettings: (deviceId: string, settings: Parameters<PlayerKnobs['settings']>[0]) =>
    knobs.player(deviceId).settings(settings),
  /** The demo client's registration at the provider: its granted scopes (null: the start grant). */
  client: (registration: { grantedScopes?: string | null }) => knobs.setClient(registration),
  faults: (faults: Parameters<SandboxKnobs['setFaults']>[0]) => knobs.setFaults(faults),
};
