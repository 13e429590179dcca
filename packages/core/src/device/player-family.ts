// What a player can do, by its family in the device list. A Mini has no ambient light (and no
// light sensor), so the app hides its night-light controls rather than send a colour it ignores.
import type { Device } from '../shared/entities';

type FamilyFields = Pick<Device, 'deviceType' | 'deviceFamily' | 'formFactor'>;

/** A Yoto Mini: family `mini`, or, when the family is absent, a type such as `minie` or form factor `mini`. */
export function isMini(device: FamilyFields): boolean {
  if (device.deviceFamily) return device.deviceFamily.toLowerCase() === 'mini';
  return /^mini/i.test(device.deviceType) || device.formFactor?.toLowerCase() === 'mini';
}

export const hasAmbientLight = (device: FamilyFields): boolean => !isMini(device);

/** Said where the night-light controls would be. */
export const noAmbientLightText = (name: string): string => `${name} is a Yoto Mini: it has no night light.`;
