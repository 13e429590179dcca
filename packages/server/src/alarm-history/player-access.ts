import type { DeviceConfig } from '@playlist-alarms/provider/rest-schemas';
import type { HoldCaller, HoldChangeDeps } from '../alarm-holds/hold-change';
import { providerClient, providerFailure } from '../alarm-holds/player-config';
import { rememberOwnAlarms } from '../db/player-own-alarms-repository';

// Who may read a player's alarm history: whoever the provider lets read the player's config with
// their own token, as for the player's holds (a refusal becomes 403, an unknown player 404). One
// function, so a household-wide rule can replace it in one place. A config read here keeps the
// player's own alarm list for the player watch (docs/push-rules.md), as every config read does.

export type PlayerAccessDeps = Pick<HoldChangeDeps, 'players' | 'db' | 'now'>;

/** The player's config read with the caller's token; throws the provider's refusal as an HttpError. */
export async function configIfMaySee(
  deps: PlayerAccessDeps,
  caller: HoldCaller,
  deviceId: string,
): Promise<DeviceConfig> {
  let config: DeviceConfig;
  try {
    config = await providerClient(deps.players, () => Promise.resolve(caller.token)).getDeviceConfig(
      deviceId,
    );
  } catch (error) {
    throw providerFailure(error);
  }
  await rememberOwnAlarms(deps.db, deviceId, config, deps.now());
  return config;
}

/** Resolves when `caller` may see `deviceId`; throws the provider's refusal as an HttpError. */
export async function assertMaySeePlayer(
  deps: PlayerAccessDeps,
  caller: HoldCaller,
  deviceId: string,
): Promise<void> {
  await configIfMaySee(deps, caller, deviceId);
}
