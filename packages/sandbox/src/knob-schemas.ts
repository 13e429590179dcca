// The bodies and answers of the test knobs under /_sandbox/: the routes parse requests with these,
// and the knobs client (knobs-client.ts) types its calls and checks the answers with them, so the
// two cannot drift apart.
import { z } from 'zod';
import { ACCOUNT_KEYS } from './accounts';
import { householdKeySchema } from './household-accounts';

/** A demo account, or a load-test household's (`household-12`: 404 unless the sandbox has it). */
export const tokensBody = z.object({ account: z.union([z.enum(ACCOUNT_KEYS), householdKeySchema]) }).strict();
/** null: back to the start value. At least 5 s, so a session can still log in and renew. */
export const tokenLifetimeBody = z
  .object({ seconds: z.number().int().min(5).max(86_400).nullable() })
  .strict();

/** GET /_sandbox/commands?since=<epoch ms>: absent means everything the log still holds. */
export const commandsQuery = z
  .object({
    since: z
      .string()
      .regex(/^\d{1,15}$/, 'since must be epoch milliseconds (a whole number)')
      .transform(Number)
      .default(0),
  })
  .strict();

export const onlineBody = z.object({ online: z.boolean() }).strict();
export const buttonBody = z.union([
  z.object({ action: z.enum(['pause', 'resume', 'stop']) }).strict(),
  /** Holding the left button (default 3 s) leaves Bluetooth speaker mode. */
  z.object({ action: z.literal('holdLeft'), seconds: z.number().min(0).max(60).default(3) }).strict(),
]);
/** A card id puts that card in the slot; null takes the card out. */
export const cardBody = z.object({ cardId: z.string().min(1).max(64).nullable() }).strict();
export const environmentBody = z
  .object({
    wifiStrength: z.number().int().min(-120).max(0).optional(),
    headphones: z.boolean().optional(),
  })
  .strict();
export const settingsBody = z
  .object({
    rebootDelayMs: z.number().int().min(0).max(600_000).optional(),
    batteryDrainPerHour: z.number().min(0).max(360_000).optional(),
    batteryChargePerHour: z.number().min(0).max(360_000).optional(),
    statusIntervalMs: z.number().int().min(1_000).max(3_600_000).optional(),
    eventsWindowMs: z.number().int().min(1_000).max(3_600_000).optional(),
  })
  .strict();

const RAW_MESSAGE_TOPICS = ['events', 'status', 'response', 'data/events', 'data/status'] as const;
/** What a faulty firmware could send on the player's own topics: any bytes, as text. */
export const rawMessageBody = z
  .object({ topic: z.enum(RAW_MESSAGE_TOPICS), payload: z.string().max(1_000_000) })
  .strict();

// The answers.

export const resetAnswer = z.object({ status: z.literal('ok') });
export const issuedTokensAnswer = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
});
export const faultsAnswer = z.object({
  restDown: z.boolean(),
  malformed: z.boolean(),
  restError: z.boolean(),
  restDelayMs: z.number(),
  restRateLimited: z.number().nullable(),
  brokerDown: z.boolean(),
  mqttRefuseLogin: z.boolean(),
  mqttRefuseLegacyTopics: z.boolean(),
  faultPaths: z.array(z.string()).nullable(),
});
export const behaviourAnswer = z.object({
  grantOpenid: z.boolean(),
  statusEndpoint: z.boolean(),
  unreadableContentStatus: z.union([z.literal(403), z.literal(404)]),
});
export const registrationAnswer = z.object({ grantedScopes: z.string(), confidential: z.boolean() });
export const tokenLifetimeAnswer = z.object({ seconds: z.number() });
export const commandsAnswer = z.object({
  commands: z.array(z.object({ deviceId: z.string(), topic: z.string(), at: z.number() })),
  /** The log keeps this many, newest first to stay. */
  capacity: z.number(),
  /** Entries let go to make room: > 0 means an old window may be incomplete. */
  overwritten: z.number(),
});
export type CommandsAnswer = z.infer<typeof commandsAnswer>;
export const brokerStatsAnswer = z.object({ connectionsOpened: z.number(), connected: z.number() });
export const tokenStatsAnswer = z.object({ refreshes: z.number() });
export const revokedAnswer = z.object({ revoked: z.number() });
export const onlineAnswer = z.object({ deviceId: z.string(), online: z.boolean() });
export const rawMessageAnswer = z.object({ topic: z.string(), bytes: z.number() });
export const playerSettingsAnswer = z.object({
  rebootDelayMs: z.number(),
  batteryDrainPerHour: z.number(),
  batteryChargePerHour: z.number(),
  statusIntervalMs: z.number(),
  eventsWindowMs: z.number(),
});

const rgb = z.object({ r: z.number(), g: z.number(), b: z.number() });
const preview = z.object({ uri: z.string(), timeout: z.number(), animated: z.number() });
export const bluetoothAnswer = z.looseObject({
  enabled: z.boolean(),
  mode: z.string().nullable(),
  connected: z.boolean(),
  connectedTo: z.string().nullable(),
  bonds: z.array(z.object({ mac: z.string(), name: z.string() })),
  nearby: z.array(z.object({ mac: z.string(), name: z.string(), rssi: z.number() })),
  driverFailure: z.boolean(),
  failCommands: z.array(z.string()),
});

/** GET /_sandbox/devices/{id}/state (player-state.ts, playerView): the fields tests read. */
export const playerStateAnswer = z.looseObject({
  deviceId: z.string(),
  online: z.boolean(),
  networkUp: z.boolean(),
  rebooting: z.boolean(),
  rebootCount: z.number(),
  poweredOff: z.boolean(),
  shutDownReason: z.string().nullable(),
  playbackStatus: z.string(),
  cardId: z.string().nullable(),
  insertedCardId: z.string().nullable(),
  positionSeconds: z.number(),
  volume: z.number(),
  volumeMax: z.number(),
  sleepTimerActive: z.boolean(),
  sleepTimerSeconds: z.number(),
  ambient: rgb,
  nightlightMode: z.string(),
  /** Night by the config's dayTime and nightTime on the player's clock. */
  night: z.boolean(),
  bluetooth: bluetoothAnswer,
  displayPreview: preview.nullable(),
  lastDisplayPreview: preview.extend({ at: z.string() }).nullable(),
  battery: z.looseObject({
    level: z.number(),
    exactLevel: z.number(),
    charging: z.boolean(),
    powerSource: z.number(),
  }),
  wifiStrength: z.number(),
  headphones: z.boolean(),
  lastCommand: z.object({ name: z.string(), result: z.string(), at: z.string() }).nullable(),
  /** In Bluetooth speaker mode: the player ignores every command until its left button is held. */
  commandsLocked: z.boolean(),
  /** Commands it heard (ignored ones included), and those it ignored. */
  commandsHeard: z.number(),
  ignoredCommands: z.number(),
  eventsRequestedAt: z.number().nullable(),
  /** Its own config alarms that rang, oldest first (player-alarms.ts). */
  rang: z.array(
    z.object({
      alarm: z.string(),
      cardId: z.string(),
      volume: z.number(),
      at: z.string(),
      started: z.boolean(),
    }),
  ),
  settings: playerSettingsAnswer,
});
export type PlayerStateAnswer = z.infer<typeof playerStateAnswer>;

export const buttonAnswer = z.object({ changed: z.boolean(), state: playerStateAnswer });
