import * as z from 'zod/mini';

// zod schemas of the provider's REST answers (docs/provider-contract.md, REST). Lenient on purpose: unknown
// fields pass through, an optional field of the wrong type reads as absent; only what identifies a thing is
// required. zod/mini: they run in the browser, and the tree-shakable build keeps the logged-in download
// small.

/** Absent, null or of the wrong type: null. */
const lenient = <T extends z.ZodMiniType>(schema: T) => z.catch(z.nullish(schema), null);
const nonEmpty = () => z.string().check(z.minLength(1));

const optString = lenient(z.string());
const optBoolean = lenient(z.boolean());
/** Numbers sometimes arrive as numeric strings; anything else reads as absent. */
const optNumber = lenient(
  z.union([
    z.number(),
    z.pipe(
      z.string().check(z.regex(/^-?\d+(\.\d+)?$/)),
      z.transform((text) => Number(text)),
    ),
  ]),
);
/** Flags arrive as booleans, 0/1 or "0"/"1" (isOnline among them): always booleans here. */
const optFlag = lenient(
  z.union([
    z.boolean(),
    z.pipe(
      z.union([z.literal([0, 1]), z.enum(['0', '1', 'true', 'false'])]),
      z.transform((value) => value === 1 || value === '1' || value === 'true'),
    ),
  ]),
);
/** Chapter and track keys can be numbers on the wire: always strings here. */
const key = z.union([
  z.string(),
  z.pipe(
    z.number(),
    z.transform((n) => String(n)),
  ),
]);

const cardMetadataSchema = z.looseObject({
  description: optString,
  category: optString,
  author: optString,
  cover: lenient(z.looseObject({ imageL: optString })),
  media: lenient(z.looseObject({ duration: optNumber, fileSize: optNumber })),
});

const trackSchema = z.looseObject({
  key: lenient(key),
  title: optString,
  duration: optNumber,
});

const chapterSchema = z.looseObject({
  key: lenient(key),
  title: optString,
  duration: optNumber,
  tracks: lenient(z.array(trackSchema)),
});

export const cardSchema = z.looseObject({
  cardId: nonEmpty(),
  title: optString,
  createdAt: optString,
  updatedAt: optString,
  availability: optString,
  deleted: optBoolean,
  metadata: lenient(cardMetadataSchema),
  content: lenient(z.looseObject({ chapters: lenient(z.array(chapterSchema)) })),
});
export type ProviderCard = z.infer<typeof cardSchema>;

export const myContentSchema = z.looseObject({ cards: z.array(cardSchema) });
export const contentSchema = z.looseObject({ card: cardSchema });

const groupItemSchema = z.looseObject({ contentId: nonEmpty(), addedAt: optString });

export const familyGroupSchema = z.looseObject({
  id: nonEmpty(),
  name: optString,
  familyId: optString,
  imageId: optString,
  imageUrl: optString,
  items: z.nullish(z.array(groupItemSchema)),
  cards: z.nullish(z.array(cardSchema)),
  createdAt: optString,
  lastModifiedAt: optString,
});
export type ProviderFamilyGroup = z.infer<typeof familyGroupSchema>;

/** A bare array at the provider; one official SDK reads `{ groups: [...] }`: accept both. */
export const familyGroupsSchema = z.union([
  z.array(familyGroupSchema),
  z.pipe(
    z.looseObject({ groups: z.array(familyGroupSchema) }),
    z.transform((answer) => answer.groups),
  ),
]);

/** One group, bare or wrapped as `{ group: {...} }`. */
export const familyGroupDetailSchema = z.union([
  familyGroupSchema,
  z.pipe(
    z.looseObject({ group: familyGroupSchema }),
    z.transform((answer) => answer.group),
  ),
]);

const deviceSchema = z.looseObject({
  deviceId: nonEmpty(),
  name: optString,
  description: optString,
  online: optBoolean,
  releaseChannel: optString,
  deviceType: optString,
  deviceFamily: optString,
  deviceGroup: optString,
  generation: optString,
  formFactor: optString,
});

export const devicesSchema = z.union([
  z.pipe(
    z.looseObject({ devices: z.array(deviceSchema) }),
    z.transform((answer) => answer.devices),
  ),
  z.array(deviceSchema),
]);

/** GET /device-v2/{id}/status (deprecated): the API status fields, all optional. */
export const deviceApiStatusSchema = z.looseObject({
  deviceId: optString,
  firmwareVersion: optString,
  batteryLevelPercentage: optNumber,
  isCharging: optFlag,
  wifiStrength: optNumber,
  systemVolumePercentage: optNumber,
  userVolumePercentage: optNumber,
  powerSource: optNumber,
  isAudioDeviceConnected: optFlag,
  isBluetoothAudioConnected: optFlag,
  cardInsertionState: optNumber,
  activeCard: optString,
  dayMode: optNumber,
  ambientLightSensorReading: optNumber,
  /** The provider's own spelling; a number or the text 'notSupported'. */
  temperatureCelcius: lenient(z.union([z.number(), z.string()])),
  nightlightMode: optString,
  isOnline: optFlag,
  networkSsid: optString,
  averageDownloadSpeedBytesSecond: optNumber,
  isBackgroundDownloadActive: optFlag,
  freeDiskSpaceBytes: optNumber,
  totalDiskSpaceBytes: optNumber,
  uptime: optNumber,
  utcTime: optNumber,
  utcOffsetSeconds: optNumber,
  updatedAt: optString,
});
export type DeviceApiStatus = z.infer<typeof deviceApiStatusSchema>;

/**
 * The `device.status` block of GET /device-v2/{id}/config: the player's own short names (those of
 * its MQTT status), flags as 0/1 or booleans, `temp` a "battery:device" pair, disks in KiB. Real
 * captures: core's fixtures/config-v3.ts and fixtures/config-status-mini.ts.
 */
export const configStatusSchema = z.looseObject({
  deviceId: optString,
  fwVersion: optString,
  batteryLevel: optNumber,
  charging: optFlag,
  wifiStrength: optNumber,
  volume: optNumber,
  userVolume: optNumber,
  powerSrc: optNumber,
  headphones: optFlag,
  bluetoothHp: optFlag,
  cardInserted: optNumber,
  activeCard: optString,
  day: optNumber,
  als: optNumber,
  temp: lenient(z.union([z.number(), z.string()])),
  nightlightMode: optString,
  isOnline: optFlag,
  ssid: optString,
  bytesPS: optNumber,
  bgDownload: optFlag,
  freeDisk: optNumber,
  totalDisk: optNumber,
  upTime: optNumber,
  utcTime: optNumber,
  utcOffset: optNumber,
  updatedAt: optString,
});
export type ConfigStatus = z.infer<typeof configStatusSchema>;

/** The device's config block. Unknown keys are kept: the PUT replaces the whole block. */
const deviceConfigBlockSchema = z.looseObject({
  alarms: z.pipe(
    z.nullish(z.array(z.string())),
    z.transform((alarms) => alarms ?? []),
  ),
});
export type DeviceConfigBlock = z.infer<typeof deviceConfigBlockSchema>;

export const deviceConfigSchema = z.looseObject({
  device: z.looseObject({
    deviceId: nonEmpty(),
    name: optString,
    online: optBoolean,
    geoTimezone: optString,
    config: deviceConfigBlockSchema,
    status: lenient(configStatusSchema),
  }),
});
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;

/**
 * GET /user/family: `{ family: { familyId, members: [{ userId, email, picture, … }], … } }`
 * (core's fixtures/user-family.ts). Members carry no name in what public clients read; a `name`
 * is taken only if one ever comes.
 */
export const userFamilySchema = z.looseObject({
  family: z.looseObject({
    familyId: optString,
    members: z.catch(z.array(z.looseObject({ userId: optString, name: optString, email: optString })), []),
  }),
});

/** Error bodies: `{ error: { code, message } }`, OAuth's `{ error, error_description }`, or `{ message }`. */
export const errorBodySchema = z.looseObject({
  error: lenient(z.union([z.string(), z.looseObject({ code: optString, message: optString })])),
  error_description: optString,
  message: optString,
  code: optString,
});
