// A player's day and night: at the config's `dayTime` and `nightTime`, on its own clock
// (`geoTimezone`), it switches day mode and its light to that part of the day's colour
// (`ambientColour` by day, `nightAmbientColour` by night: the OK-to-wake light), and its volume
// limit to that part's (player-volume.ts). A config write that moves the times takes effect at once.
import type { SeedDevice } from './household';
import { hexToRgb, nightlightModeOf } from './player-state';
import type { PlayerState } from './player-state';
import { followLimit, isNight, volumeLimitAt } from './player-volume';

/**
 * Follows the clock and the config. On a switch the state takes the new part of the day and its
 * light colour (a Mini has no light: only its mode changes). Returns the volume delta to send when
 * the limit moved (a lower one brings the volume down), else null.
 */
export function followDayNight(
  state: PlayerState,
  device: SeedDevice,
  now: number,
): { volume: number; volumeMax: number } | null {
  const night = isNight(device.config, device.geoTimezone, now);
  if (night !== state.night) {
    state.night = night;
    if (device.productType !== 'mini') {
      state.ambientColour = hexToRgb(night ? device.config.nightAmbientColour : device.config.ambientColour);
      // The light shows the new colour, as a sleep light does at its switch.
      state.nightlightMode = nightlightModeOf(state.ambientColour);
    }
  }
  return followLimit(state, volumeLimitAt(device.config, device.geoTimezone, now));
}
