import { z } from 'zod';

// The device events message of SPEC §3 (PROVIDER-API.md "Messages"), leniently parsed. Kept here
// because core has no device-messages module yet; move to @playlist-alarms/core/device-messages.

const optNumber = z.number().nullish().catch(null);
const optString = z
  .union([z.string(), z.number().transform(String)])
  .nullish()
  .catch(null);

export const deviceEventsSchema = z.looseObject({
  volume: optNumber,
  volumeMax: optNumber,
  playbackStatus: z.string().nullish().catch(null),
  source: optString,
  cardId: optString,
  eventUtc: optNumber,
  position: optNumber,
  trackLength: optNumber,
  chapterTitle: optString,
  trackTitle: optString,
  sleepTimerActive: z.boolean().nullish().catch(null),
  sleepTimerSeconds: optNumber,
});

export type DeviceEvents = z.infer<typeof deviceEventsSchema>;
