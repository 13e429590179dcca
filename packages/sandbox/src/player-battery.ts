// The player's battery: drains while it plays on battery power, charges on a dock or USB-C.
import { z } from 'zod';

/** The API status's powerSource: 0 battery only, 1 V2 dock, 2 USB-C, 3 Qi dock. */
export type PowerSource = 0 | 1 | 2 | 3;

export interface BatteryState {
  /** Percent, 0–100, kept fractional so slow rates still move it; messages round it up. */
  level: number;
  powerSource: PowerSource;
}

/** USB-C when the seed says the player charges, else on its battery. */
export const initialBattery = (level: number, charging: boolean): BatteryState => ({
  level,
  powerSource: charging ? 2 : 0,
});

/** The whole percent players report: rounded up, so a fresh start shows no loss and 0 means flat. */
export const reportedLevel = (battery: BatteryState): number => Math.ceil(battery.level);

/** On external power and not yet reported full. */
export const isCharging = (battery: BatteryState): boolean =>
  battery.powerSource !== 0 && reportedLevel(battery) < 100;

interface BatteryRates {
  batteryDrainPerHour: number;
  batteryChargePerHour: number;
}

/** One second of the player's life: the new level. Idle players on battery hold their charge. */
export function batteryAfterSecond(battery: BatteryState, playing: boolean, rates: BatteryRates): number {
  if (battery.powerSource !== 0) return Math.min(100, battery.level + rates.batteryChargePerHour / 3600);
  if (!playing) return battery.level;
  return Math.max(0, battery.level - rates.batteryDrainPerHour / 3600);
}

/** POST /_sandbox/devices/{id}/power. `charging` alone means USB-C (true) or battery only (false). */
export const powerKnobSchema = z
  .object({
    batteryLevel: z.number().min(0).max(100).optional(),
    powerSource: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional(),
    charging: z.boolean().optional(),
  })
  .strict()
  .refine(
    ({ powerSource, charging }) =>
      powerSource === undefined || charging === undefined || charging === (powerSource !== 0),
    'charging must agree with powerSource (0 is battery only)',
  );

export type PowerKnob = z.infer<typeof powerKnobSchema>;

export function applyPowerKnob(battery: BatteryState, knob: PowerKnob): BatteryState {
  const keepDock = battery.powerSource !== 0 ? battery.powerSource : 2;
  const fromCharging = knob.charging === undefined ? battery.powerSource : knob.charging ? keepDock : 0;
  return {
    level: knob.batteryLevel ?? battery.level,
    powerSource: knob.powerSource ?? fromCharging,
  };
}
