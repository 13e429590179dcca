// Lenient zod schemas for what players publish (docs/provider-contract.md, MQTT): unknown keys pass,
// numbers may come as text, and one bad field drops only that field, never the message.
// zod/mini: these run in the browser, and the tree-shakable build keeps the logged-in download small.
import * as z from 'zod/mini';

// The schema-free readers are re-exported for the callers that have the schemas anyway.
export {
  activeCardId,
  bluetoothResultKey,
  heldCardId,
  mergeEvents,
  playbackProgress,
} from './device-message-fields';

const numberish = z.union([
  z.number(),
  z.pipe(
    z.string().check(z.trim(), z.regex(/^-?\d+(\.\d+)?$/)),
    z.transform((text) => Number(text)),
  ),
]);
const boolish = z.union([
  z.boolean(),
  z.pipe(
    z.literal([0, 1]),
    z.transform((n) => n === 1),
  ),
  z.pipe(
    z.enum(['true', 'false', '0', '1']),
    z.transform((s) => s === 'true' || s === '1'),
  ),
]);
/** Card, chapter and track keys can arrive as numbers: keep them as text. */
const keyish = z.union([
  z.string(),
  z.pipe(
    z.number(),
    z.transform((n) => String(n)),
  ),
]);
const lenient = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

const deviceEventsSchema = z.looseObject({
  volume: lenient(numberish),
  /** The player's current max-volume limit (day or night), 0–16; not the scale, which is always 16. */
  volumeMax: lenient(numberish),
  /** 'playing' | 'paused' | 'stopped' | 'loading' on real players; other text passes. */
  playbackStatus: lenient(z.string()),
  source: lenient(z.string()),
  /** "none" when idle. */
  cardId: lenient(keyish),
  chapterKey: lenient(keyish),
  trackKey: lenient(keyish),
  chapterTitle: lenient(z.string()),
  trackTitle: lenient(z.string()),
  eventUtc: lenient(numberish),
  position: lenient(numberish),
  trackLength: lenient(numberish),
  sleepTimerActive: lenient(boolish),
  sleepTimerSeconds: lenient(numberish),
  repeatAll: lenient(boolish),
  streaming: lenient(boolish),
});
export type DeviceEvents = z.infer<typeof deviceEventsSchema>;

/** Events of one message, or null when it is not an object at all. */
export function parseDeviceEvents(json: unknown): DeviceEvents | null {
  const result = deviceEventsSchema.safeParse(json);
  return result.success ? result.data : null;
}

/**
 * Flags kept as sent: players send 0/1, while the provider's MQTT docs type `headphones` and
 * `bluetoothHp` as booleans (bcomnes/yoto-nodejs-client lib/mqtt/client.js). formatFlag reads both.
 */
const flagish = z.union([z.boolean(), numberish]);

const deviceMqttStatusSchema = z.looseObject({
  batteryLevel: lenient(numberish),
  /** 1 (or true) means charging. */
  charging: lenient(flagish),
  volume: lenient(numberish),
  userVolume: lenient(numberish),
  headphones: lenient(flagish),
  bluetoothHp: lenient(flagish),
  cardInserted: lenient(numberish),
  activeCard: lenient(keyish),
  /** 0 stopped, 1 playing. */
  playingStatus: lenient(numberish),
  day: lenient(numberish),
  als: lenient(numberish),
  /** A "battery:device" pair of °C such as "0:24" (see deviceTemperature). */
  temp: lenient(z.union([numberish, z.string()])),
  nightlightMode: lenient(z.string()),
  fwVersion: lenient(z.string()),
  productType: lenient(z.string()),
  /** KiB, as `totalDisk` (which only some status messages carry). */
  freeDisk: lenient(numberish),
  totalDisk: lenient(numberish),
  statusVersion: lenient(numberish),
  timeFormat: lenient(keyish),
  dnowBrightness: lenient(numberish),
  dayBright: lenient(numberish),
  nightBright: lenient(numberish),
  /**
   * Only on the legacy `status` topic: 'nA' while the player runs, a reason such as 'userShutdown'
   * as it switches off (player-presence.ts reads it).
   */
  shutDown: lenient(z.string()),
});
export type DeviceMqttStatus = z.infer<typeof deviceMqttStatusSchema>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Status fields at the top level or under a `status` key; null when the message is not an object. */
export function parseDeviceStatus(json: unknown): DeviceMqttStatus | null {
  if (!isRecord(json)) return null;
  const body = isRecord(json.status) ? json.status : json;
  const result = deviceMqttStatusSchema.safeParse(body);
  return result.success ? result.data : null;
}

const commandResponseSchema = z.object({
  status: z.record(z.string(), z.unknown()),
});

/**
 * A response message `{ status: { "<resource or /bluetooth/cmd>": "OK" | "FAIL", req_body?: "…" } }`
 * as a flat map of text values (the Bluetooth banner reads it); null when it has no status map.
 */
export function parseCommandResponse(json: unknown): Record<string, string> | null {
  const result = commandResponseSchema.safeParse(json);
  if (!result.success) return null;
  const entries = Object.entries(result.data.status).flatMap(([key, value]) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? [[key, String(value)] as const]
      : [],
  );
  return Object.fromEntries(entries);
}

/**
 * `device/{id}/presence`: "online" when the player connects, "offline" (the broker's last will)
 * when its connection drops. `ts` is kept when it is a number; nothing reads it yet.
 */
const devicePresenceSchema = z.looseObject({
  state: z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.enum(['online', 'offline'])),
  ts: lenient(numberish),
});
type DevicePresence = z.infer<typeof devicePresenceSchema>;

/** A presence message, or null when it names no known state. */
export function parseDevicePresence(json: unknown): DevicePresence | null {
  const result = devicePresenceSchema.safeParse(json);
  return result.success ? result.data : null;
}

export type DeviceMessageKind = 'events' | 'status' | 'response' | 'presence';

const KINDS: ReadonlySet<string> = new Set<DeviceMessageKind>(['events', 'status', 'response', 'presence']);
const isKind = (kind: string | undefined): kind is DeviceMessageKind => kind !== undefined && KINDS.has(kind);

/** Which kind a topic carries: the legacy paths and the provider's current `data/` forms alike. */
export function classifyDeviceTopic(topic: string): { deviceId: string; kind: DeviceMessageKind } | null {
  const match = /^device\/([^/]+)\/(?:data\/)?(events|status|response|presence)$/.exec(topic);
  const deviceId = match?.[1];
  const kind = match?.[2];
  if (deviceId === undefined || !isKind(kind)) return null;
  return { deviceId, kind };
}
