// The player's configuration block (GET/PUT /device-v2/{id}/config). A PUT replaces the whole
// block: every key it leaves out goes back to its default, as the real provider does.
import { z } from 'zod';

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #40bfd9');
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time like 07:30');
const volumeLimit = z.string().regex(/^(1[0-6]|\d)$/, 'a volume limit from 0 to 16');
const brightness = z.string().regex(/^(auto|100|[1-9]?\d)$/, "'auto' or 0 to 100");
const flag = z.enum(['0', '1']);

/**
 * An alarm string: `daymask,HHMM,cardId,chapterKey,trackKey,volume[,enabled[,extra…]]`
 * (Monday-first mask; docs/provider-contract.md, Alarm strings). The sandbox accepts what real configs carry
 * — six fields, empty chapter and track, `HH:MM` as one public client writes it, an empty card (public
 * clients read that field as an optional sound id) — and refuses strings a real player could not run.
 */
export const alarmStringSchema = z.string().superRefine((value, ctx) => {
  const fields = value.split(',');
  const problem = alarmProblem(fields);
  if (problem) ctx.addIssue({ code: 'custom', message: `alarm "${value}": ${problem}` });
});

function alarmProblem(fields: string[]): string | null {
  const [mask = '', time = '', cardId = '', , , volume = '', enabled] = fields;
  if (fields.length < 6) return 'needs at least 6 comma-separated fields';
  if (!/^[01]{7}$/.test(mask)) return 'the day mask must be 7 characters of 0 and 1';
  if (!/^(([01]\d|2[0-3]):?|\d:)[0-5]\d$/.test(time)) return 'the time must be HHMM or HH:MM';
  if (/\s/.test(cardId)) return 'the card id contains blanks';
  if (!/^(1[0-6]|\d)$/.test(volume)) return 'the volume must be a whole number from 0 to 16';
  if (enabled !== undefined && !['', '0', '1'].includes(enabled)) return 'the enabled flag must be 0 or 1';
  return null;
}

export const deviceConfigSchema = z
  .object({
    alarms: z.array(alarmStringSchema).max(32),
    ambientColour: hexColour,
    nightAmbientColour: hexColour,
    bluetoothEnabled: flag,
    btHeadphonesEnabled: z.boolean(),
    clockFace: z.string().min(1).max(64),
    dayDisplayBrightness: brightness,
    nightDisplayBrightness: brightness,
    dayTime: clockTime,
    nightTime: clockTime,
    maxVolumeLimit: volumeLimit,
    dayMaxVolumeLimit: volumeLimit,
    nightMaxVolumeLimit: volumeLimit,
    hourFormat: z.enum(['12', '24']),
    repeatAll: z.boolean(),
    shutdownTimeout: z.string().regex(/^\d{1,6}$/),
    displayDimTimeout: z.string().regex(/^\d{1,6}$/),
    locale: z.string().min(2).max(16),
  })
  .strict();

export type DeviceConfig = z.infer<typeof deviceConfigSchema>;

export const DEFAULT_DEVICE_CONFIG: DeviceConfig = {
  alarms: [],
  ambientColour: '#40bfd9',
  nightAmbientColour: '#f57399',
  bluetoothEnabled: '1',
  btHeadphonesEnabled: true,
  clockFace: 'digital-sun',
  dayDisplayBrightness: 'auto',
  nightDisplayBrightness: '50',
  dayTime: '07:00',
  nightTime: '19:30',
  maxVolumeLimit: '16',
  dayMaxVolumeLimit: '16',
  nightMaxVolumeLimit: '10',
  hourFormat: '24',
  repeatAll: false,
  shutdownTimeout: '3600',
  displayDimTimeout: '30',
  locale: 'en',
};

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The body of PUT /device-v2/{id}/config. Unknown keys are refused so a client's typo is loud. */
export const configUpdateSchema = z
  .object({
    deviceId: z.string().optional(),
    name: z.string().trim().min(1).max(64).optional(),
    geoTimezone: z.string().refine(isTimeZone, 'an IANA time zone such as Europe/London').optional(),
    config: deviceConfigSchema.partial(),
  })
  .strict();

/** The whole block after a PUT: what was sent, defaults for the rest. */
export function replaceConfig(sent: Partial<DeviceConfig>): DeviceConfig {
  const defined = Object.entries(sent).filter(([, value]) => value !== undefined);
  return deviceConfigSchema.parse({ ...DEFAULT_DEVICE_CONFIG, ...Object.fromEntries(defined) });
}
