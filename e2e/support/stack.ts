import { existsSync } from 'node:fs';
import { z } from 'zod';

// Ports of the stack under test; far from the demo defaults (8080, 8090, 1884).
// E2E_PORT_OFFSET moves all three, so two checkouts on one machine can run their journeys at once.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const E2E_PORTS = {
  app: 18080 + offset,
  sandbox: 18090 + offset,
  sandboxMqtt: 11884 + offset,
} as const;
export const appUrl = `http://localhost:${E2E_PORTS.app}`;
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

const rgbSchema = z.object({ r: z.number(), g: z.number(), b: z.number() });
const previewSchema = z.object({ uri: z.string(), timeout: z.number(), animated: z.number() });

const playerStateSchema = z.looseObject({
  deviceId: z.string(),
  online: z.boolean(),
  playbackStatus: z.string(),
  cardId: z.string().nullable(),
  volume: z.number(),
  // The complete simulated player (sandbox README, GET /_sandbox/devices/:id/state).
  volumeMax: z.number(),
  rebooting: z.boolean(),
  rebootCount: z.number(),
  sleepTimerActive: z.boolean(),
  sleepTimerSeconds: z.number(),
  ambient: rgbSchema,
  nightlightMode: z.string(),
  bluetooth: z.looseObject({
    enabled: z.boolean(),
    mode: z.string().nullable(),
    connected: z.boolean(),
    connectedTo: z.string().nullable(),
    bonds: z.array(z.object({ mac: z.string(), name: z.string() })),
  }),
  lastDisplayPreview: previewSchema.extend({ at: z.string() }).nullable(),
  battery: z.looseObject({ level: z.number(), charging: z.boolean(), powerSource: z.number() }),
  wifiStrength: z.number(),
  lastCommand: z.object({ name: z.string(), result: z.string(), at: z.string() }).nullable(),
  /** In Bluetooth speaker mode: the player ignores every command until its left button is held. */
  commandsLocked: z.boolean(),
  /** Commands it heard (ignored ones included), and those it ignored. */
  commandsHeard: z.number(),
  ignoredCommands: z.number(),
  eventsRequestedAt: z.number().nullable(),
});
export type PlayerState = z.infer<typeof playerStateSchema>;

async function knob(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sandboxUrl}/_sandbox/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox knob ${path}: HTTP ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text === '' ? null : (JSON.parse(text) as unknown);
}

const tokensSchema = z.object({ access_token: z.string() });
const cardsSchema = z.object({ cards: z.array(z.looseObject({ cardId: z.string(), title: z.string() })) });

/** A provider API answer to the demo account (a sandbox-issued token), as the app would get it. */
async function demoGet(path: string): Promise<unknown> {
  return demoCall('GET', path);
}

async function demoCall(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<unknown> {
  const { access_token } = tokensSchema.parse(await knob('tokens', { account: 'demo' }));
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
  reset: () => knob('reset', {}),
  cardIdOf,
  demoCards,
  demoDeviceIds,
  deviceAlarms,
  deviceConfig,
  setVolumeLimits,
  deviceZone,
  setDeviceAlarms,
  setOnline: (deviceId: string, online: boolean) => knob(`devices/${deviceId}/online`, { online }),
  playerState: async (deviceId: string): Promise<PlayerState> =>
    playerStateSchema.parse(await knob(`devices/${deviceId}/state`)),
  press: (deviceId: string, action: 'pause' | 'resume' | 'stop') =>
    knob(`devices/${deviceId}/button`, { action }),
  /** Someone holds the player's left button (3 s leave Bluetooth speaker mode). */
  holdLeft: (deviceId: string, seconds = 3) =>
    knob(`devices/${deviceId}/button`, { action: 'holdLeft', seconds }),
  /** The access-token lifetime of tokens issued from now on; null restores the start value (so does a reset). */
  tokenLifetime: (seconds: number | null) => knob('token-lifetime', { seconds }),
  /** Refresh tokens issued so far stop working at the provider. */
  revokeRefreshTokens: () => knob('tokens/revoke', {}),
  /** Refresh grants the provider answered since it started. */
  tokenStats: async () => z.object({ refreshes: z.number() }).parse(await knob('token-stats')),
  /** Bytes a faulty player publishes on one of its own topics, as they are. */
  rawMessage: (
    deviceId: string,
    topic: 'events' | 'status' | 'response' | 'data/events' | 'data/status',
    payload: string,
  ) => knob(`devices/${deviceId}/raw-message`, { topic, payload }),
  /** A physical card put in the player's slot (it plays from the start), or taken out (null). */
  insertCard: (deviceId: string, cardId: string | null) => knob(`devices/${deviceId}/card`, { cardId }),
  /** The player's Bluetooth surroundings and failure scenarios (fields left out stay). */
  bluetooth: (
    deviceId: string,
    scenario: {
      enabled?: boolean;
      bonds?: string[];
      driverFailure?: boolean;
      failCommands?: Array<'on' | 'off' | 'state' | 'connect' | 'disconnect' | 'delete_bonds'>;
    },
  ) => knob(`devices/${deviceId}/bluetooth`, scenario),
  /** This player's timings until the next reset. */
  playerSettings: (deviceId: string, settings: { rebootDelayMs?: number; statusIntervalMs?: number }) =>
    knob(`devices/${deviceId}/settings`, settings),
  /** The demo client's registration at the provider: its granted scopes (null: the start grant). */
  client: async (registration: { grantedScopes?: string | null }) =>
    z
      .object({ grantedScopes: z.string(), confidential: z.boolean() })
      .parse(await knob('client', registration)),
  faults: (faults: {
    restDown?: boolean;
    malformed?: boolean;
    restError?: boolean;
    /** 429 with this Retry-After (seconds); null: off. */
    restRateLimited?: number | null;
    restDelayMs?: number;
    brokerDown?: boolean;
    mqttRefuseLogin?: boolean;
    /** Limit the REST faults to these REST path prefixes ('/oauth/token' reaches the token endpoint). */
    faultPaths?: string[] | null;
  }) => knob('faults', faults),
};
