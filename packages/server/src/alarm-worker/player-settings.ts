import { ProviderClient } from '@playlist-alarms/provider/rest-client';
import type { LimitSettings } from '@playlist-alarms/core/cloud/fade-in';
import type { AccessTokenSource } from './access-token-source';

// What an alarm's extras need from the player's config: its max-volume limits for day and night
// (the fade never goes above them) and its night light colour (the bedtime routine).

export interface PlayerSettings extends LimitSettings {
  nightAmbientColour?: string;
  /** The player's own zone, where its day and night times are. */
  timeZone?: string;
}

/** The player's settings, or null when they cannot be read (the extras then do without). */
export type PlayerSettingsSource = (userId: string, deviceId: string) => Promise<PlayerSettings | null>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** Reads the player's config over the provider's REST API with the user's token. */
export function providerPlayerSettings(apiBase: string, tokens: AccessTokenSource): PlayerSettingsSource {
  return async (userId, deviceId) => {
    try {
      const client = new ProviderClient({
        apiBase,
        getAccessToken: () => tokens.accessTokenFor(userId, deviceId),
      });
      const { device } = await client.getDeviceConfig(deviceId);
      const config: Record<string, unknown> = device.config;
      return {
        dayTime: text(config['dayTime']),
        nightTime: text(config['nightTime']),
        maxVolumeLimit: text(config['maxVolumeLimit']),
        nightMaxVolumeLimit: text(config['nightMaxVolumeLimit']),
        nightAmbientColour: text(config['nightAmbientColour']),
        timeZone: device.geoTimezone ?? undefined,
      };
    } catch {
      return null;
    }
  };
}
