import { z } from 'zod';

// zod schemas of the provider's REST answers (PROVIDER-API.md "REST"). Lenient on purpose: unknown fields pass
// through, an optional field of the wrong type reads as absent; only what identifies a thing is required.

const optString = z.string().nullish().catch(null);
const optBoolean = z.boolean().nullish().catch(null);
/** Numbers sometimes arrive as numeric strings; anything else reads as absent. */
const optNumber = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .nullish()
  .catch(null);
/** Chapter and track keys can be numbers on the wire: always strings here. */
const key = z.union([z.string(), z.number().transform(String)]);

const cardMetadataSchema = z.looseObject({
  description: optString,
  category: optString,
  author: optString,
  cover: z.looseObject({ imageL: optString }).nullish().catch(null),
  media: z.looseObject({ duration: optNumber, fileSize: optNumber }).nullish().catch(null),
});

const trackSchema = z.looseObject({
  key: key.nullish().catch(null),
  title: optString,
  duration: optNumber,
});

const chapterSchema = z.looseObject({
  key: key.nullish().catch(null),
  title: optString,
  duration: optNumber,
  tracks: z.array(trackSchema).nullish().catch(null),
});

export const cardSchema = z.looseObject({
  cardId: z.string().min(1),
  title: optString,
  createdAt: optString,
  updatedAt: optString,
  availability: optString,
  deleted: optBoolean,
  metadata: cardMetadataSchema.nullish().catch(null),
  content: z
    .looseObject({ chapters: z.array(chapterSchema).nullish().catch(null) })
    .nullish()
    .catch(null),
});
export type ProviderCard = z.infer<typeof cardSchema>;

export const myContentSchema = z.looseObject({ cards: z.array(cardSchema) });
export const contentSchema = z.looseObject({ card: cardSchema });

const groupItemSchema = z.looseObject({ contentId: z.string().min(1), addedAt: optString });

export const familyGroupSchema = z.looseObject({
  id: z.string().min(1),
  name: optString,
  familyId: optString,
  imageId: optString,
  imageUrl: optString,
  items: z.array(groupItemSchema).nullish(),
  cards: z.array(cardSchema).nullish(),
  createdAt: optString,
  lastModifiedAt: optString,
});
export type ProviderFamilyGroup = z.infer<typeof familyGroupSchema>;

/** A bare array at the provider; one official SDK reads `{ groups: [...] }`: accept both. */
export const familyGroupsSchema = z.union([
  z.array(familyGroupSchema),
  z.looseObject({ groups: z.array(familyGroupSchema) }).transform((answer) => answer.groups),
]);

/** One group, bare or wrapped as `{ group: {...} }`. */
export const familyGroupDetailSchema = z.union([
  familyGroupSchema,
  z.looseObject({ group: familyGroupSchema }).transform((answer) => answer.group),
]);

const deviceSchema = z.looseObject({
  deviceId: z.string().min(1),
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
  z.looseObject({ devices: z.array(deviceSchema) }).transform((answer) => answer.devices),
  z.array(deviceSchema),
]);

/** GET /device-v2/{id}/status: the API status fields of SPEC §3, all optional. */
export const deviceApiStatusSchema = z.looseObject({
  deviceId: optString,
  firmwareVersion: optString,
  batteryLevelPercentage: optNumber,
  isCharging: optBoolean,
  wifiStrength: optNumber,
  systemVolumePercentage: optNumber,
  userVolumePercentage: optNumber,
  powerSource: optNumber,
  isAudioDeviceConnected: optBoolean,
  isBluetoothAudioConnected: optBoolean,
  cardInsertionState: optNumber,
  activeCard: optString,
  dayMode: optNumber,
  ambientLightSensorReading: optNumber,
  /** The provider's own spelling; a number or the text 'notSupported'. */
  temperatureCelcius: z.union([z.number(), z.string()]).nullish().catch(null),
  nightlightMode: optString,
  isOnline: optBoolean,
  networkSsid: optString,
  averageDownloadSpeedBytesSecond: optNumber,
  isBackgroundDownloadActive: optBoolean,
  freeDiskSpaceBytes: optNumber,
  totalDiskSpaceBytes: optNumber,
  uptime: optNumber,
  utcTime: optNumber,
  utcOffsetSeconds: optNumber,
  updatedAt: optString,
});
export type DeviceApiStatus = z.infer<typeof deviceApiStatusSchema>;

/** The device's config block. Unknown keys are kept: the PUT replaces the whole block. */
const deviceConfigBlockSchema = z.looseObject({
  alarms: z
    .array(z.string())
    .nullish()
    .transform((alarms) => alarms ?? []),
});
export type DeviceConfigBlock = z.infer<typeof deviceConfigBlockSchema>;

export const deviceConfigSchema = z.looseObject({
  device: z.looseObject({
    deviceId: z.string().min(1),
    name: optString,
    online: optBoolean,
    geoTimezone: optString,
    config: deviceConfigBlockSchema,
    status: z.looseObject({}).nullish().catch(null),
  }),
});
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;

export const userInfoSchema = z.looseObject({
  sub: z.string().min(1),
  name: optString,
  email: optString,
  nickname: optString,
});

/** Error bodies: `{ error: { code, message } }`, OAuth's `{ error, error_description }`, or `{ message }`. */
export const errorBodySchema = z.looseObject({
  error: z
    .union([z.string(), z.looseObject({ code: optString, message: optString })])
    .nullish()
    .catch(null),
  error_description: optString,
  message: optString,
  code: optString,
});
