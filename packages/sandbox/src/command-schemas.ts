// Payload schemas of the device commands, typed against core's command map so the sandbox
// and the clients cannot drift apart without a compile error.
import { z } from 'zod';
import { DEVICE_COMMAND_NAMES } from '@playlist-alarms/core/device/mqtt-commands';
import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/device/mqtt-commands';

// Commands without a payload: players ignore whatever body arrives (the app may send a request id).
const empty = z.unknown().transform((): null => null);
const byte = z.number().int().min(0).max(255);
const key = z.union([z.string(), z.number()]).transform(String);

type CommandSchemas = { [K in DeviceCommandName]: z.ZodType<DevicePayloads[K], unknown> };

export const commandSchemas: CommandSchemas = {
  'status/request': empty,
  'events/request': empty,
  'volume/set': z.object({ volume: z.number().min(0).max(100) }),
  'ambients/set': z.object({ r: byte, g: byte, b: byte }),
  'sleep-timer/set': z.object({ seconds: z.number().int().min(0).max(86_400) }),
  reboot: empty,
  'card/start': z.object({
    uri: z.string().min(1),
    chapterKey: key.optional(),
    trackKey: key.optional(),
    secondsIn: z.number().min(0).optional(),
    cutOff: z.number().min(0).optional(),
    anyButtonStop: z.boolean().optional(),
  }),
  'card/stop': empty,
  'card/pause': empty,
  'card/resume': empty,
  // Speaker mode is `{ "mode": "bt_speaker" }` alone: with an `action` it is not the real form, and
  // the player answers FAIL. Public clients send the audio source's mode as text or as a boolean.
  'bluetooth/on': z.union([
    z.object({
      action: z.literal('on'),
      mode: z.union([z.literal('true'), z.literal(true).transform(() => 'true' as const)]),
      mac: z.string().optional(),
      name: z.string().optional(),
      rssi: z.number().optional(),
    }),
    z.object({ mode: z.literal('bt_speaker') }).strict(),
  ]),
  'bluetooth/off': empty,
  'bluetooth/delete-bonds': empty,
  'bluetooth/connect': empty,
  'bluetooth/disconnect': empty,
  'bluetooth/state': empty,
  'display/preview': z.object({
    uri: z.string().min(1),
    timeout: z.number().int().min(0).max(3600),
    animated: z.union([z.literal(0), z.literal(1)]),
  }),
};

/** `device/{id}/command/{name}` → its parts; null for any other topic. */
export function parseCommandTopic(topic: string): { deviceId: string; name: string } | null {
  const match = /^device\/([^/+#]+)\/command\/(.+)$/.exec(topic);
  return match?.[1] && match[2] ? { deviceId: match[1], name: match[2] } : null;
}

export function isCommandName(name: string): name is DeviceCommandName {
  return (DEVICE_COMMAND_NAMES as readonly string[]).includes(name);
}

/**
 * The key a real player uses on its response topic: the command topic's first segment (`events`,
 * `card`, `bluetooth`, `sleep-timer`), not only the older `/bluetooth/state` (docs/provider-contract.md,
 * MQTT).
 */
export function responseKey(name: string): string {
  return name.split('/')[0] ?? name;
}

/** Parses a raw MQTT payload: an empty body is null, otherwise JSON (or the raw text if not JSON). */
export function decodePayload(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
