// Will a player be switched off when a cloud alarm is due? A cloud alarm is rung by the server over
// MQTT, and a player that has switched itself off has left the cloud: nothing can wake it remotely.
// Players switch themselves off after `shutdownTimeout` seconds without use while on battery (the
// config's value, e.g. "3600"); on a dock or a charger they stay on. An alarm kept in the player's
// own config is rung by the player itself, so that is what the warning offers instead.
// zod/mini, as the rest of what the page loads: the full zod would add its own weight to the page.
import * as z from 'zod/mini';
import { daysToMask } from './cloud-alarm-rules';
import { nextFireAt } from './cloud-next-fire';
import type { DeviceAlarm } from '../shared/entities';

/** What the player's config read says about its power, each part null when it does not say. */
export interface PlayerPower {
  /** The cloud's `online` for the player right now. */
  online: boolean | null;
  /** 0 battery only, 1 V2 dock, 2 USB-C, 3 Qi dock (the status's `powerSrc`). */
  powerSource: number | null;
  charging: boolean | null;
  /** config.shutdownTimeout, seconds without use on battery before it switches itself off. */
  shutdownTimeoutSeconds: number | null;
}

type OffVerdict =
  | { off: true; why: 'offline-now' | 'battery-timeout' }
  | { off: false; why: 'on-power' | 'wakes-in-time' | 'unknown' };

const BATTERY_ONLY = 0;

/**
 * Whether the player will be off at `at` if nobody touches it from `now` on. Offline now: off (the
 * server cannot switch it on). On battery with a known timeout: off when the alarm is further away
 * than the timeout. On a dock or charging: on. Anything the read does not say gives 'unknown', and
 * no warning: a guess would only teach parents to ignore it.
 */
export function willBeOffAt(power: PlayerPower, at: Date, now: Date): OffVerdict {
  if (power.online === false) return { off: true, why: 'offline-now' };
  const onPower =
    power.powerSource !== null ? power.powerSource !== BATTERY_ONLY : power.charging === true ? true : null;
  if (onPower === true) return { off: false, why: 'on-power' };
  const timeout = power.shutdownTimeoutSeconds;
  if (onPower === null || timeout === null || timeout <= 0) return { off: false, why: 'unknown' };
  return at.getTime() - now.getTime() > timeout * 1000
    ? { off: true, why: 'battery-timeout' }
    : { off: false, why: 'wakes-in-time' };
}

const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]);
const whole = z.union([z.number(), z.string().check(z.regex(/^\d{1,7}$/))]);
const loose = <T extends z.ZodMiniType>(schema: T) => z.optional(z.catch(z.nullable(schema), null));

const configPowerSchema = z.looseObject({
  device: z.looseObject({
    online: loose(z.boolean()),
    config: loose(z.looseObject({ shutdownTimeout: loose(whole) })),
    status: loose(z.looseObject({ powerSrc: loose(whole), charging: loose(flag) })),
  }),
});

const toNumber = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/** The power facts of a `GET /device-v2/{id}/config` answer; whatever it lacks or garbles is null. */
export function playerPowerFromConfig(answer: unknown): PlayerPower {
  const read = configPowerSchema.safeParse(answer);
  if (!read.success) return { online: null, powerSource: null, charging: null, shutdownTimeoutSeconds: null };
  const { device } = read.data;
  const charging = device.status?.charging;
  return {
    online: device.online ?? null,
    powerSource: toNumber(device.status?.powerSrc),
    charging:
      charging === null || charging === undefined ? null : charging === true || Number(charging) === 1,
    shutdownTimeoutSeconds: toNumber(device.config?.shutdownTimeout),
  };
}

/** "1 hour", "90 minutes", "45 seconds": a timeout as a parent reads it. */
export function durationWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}

/** The dialog's warning for a verdict of off; `when` is the alarm's time as the dialog shows it. */
export function playerOffWarning(p: {
  player: string;
  when: string;
  verdict: Extract<OffVerdict, { off: true }>;
  shutdownTimeoutSeconds: number | null;
}): string {
  const cause =
    p.verdict.why === 'offline-now'
      ? `${p.player} is switched off or offline now`
      : `${p.player} is on battery and switches itself off after ${durationWords(p.shutdownTimeoutSeconds ?? 0)} without use, so it will be off at ${p.when}`;
  return `${cause}. The server can't wake a player, so this cloud alarm can't ring. An alarm saved on the player is rung by the player itself.`;
}

/**
 * The warning for a cloud alarm about to be made of `alarm` on `player`, or null when the player
 * will be on (or the read cannot tell). The alarm's next ring is computed as the server will
 * compute it, in the household's cloud time zone, whether or not it is switched on now: switched on
 * later, it would meet the same switched-off player.
 */
export function cloudAlarmOffWarning(p: {
  alarm: Pick<DeviceAlarm, 'days' | 'hour' | 'minute' | 'time'>;
  player: string;
  power: PlayerPower;
  timeZone: string;
  now: Date;
}): string | null {
  const schedule = {
    hour: p.alarm.hour,
    minute: p.alarm.minute,
    days: daysToMask(p.alarm.days),
    is_enabled: true,
  };
  const at = nextFireAt(schedule, p.now, p.timeZone);
  if (at === null) return null;
  const verdict = willBeOffAt(p.power, at, p.now);
  if (!verdict.off) return null;
  return playerOffWarning({
    player: p.player,
    when: p.alarm.time,
    verdict,
    shutdownTimeoutSeconds: p.power.shutdownTimeoutSeconds,
  });
}

/** The toast after "Save on the player instead". */
export const keptOnPlayer = (player: string, time: string): string =>
  `Saved on ${player}: the player rings the ${time} alarm itself`;
