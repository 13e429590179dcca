import type { HoldCaller, HoldChangeDeps } from '../alarm-holds/hold-change';
import { providerClient, providerFailure } from '../alarm-holds/player-config';

// Who may read a player's alarm history: whoever the provider lets read the player's config with
// their own token, as for the player's holds (a refusal becomes 403, an unknown player 404). One
// function, so a household-wide rule can replace it in one place.

export type PlayerAccessDeps = Pick<HoldChangeDeps, 'players'>;

/** Resolves when `caller` may see `deviceId`; throws the provider's refusal as an HttpError. */
export async function assertMaySeePlayer(
  deps: PlayerAccessDeps,
  caller: HoldCaller,
  deviceId: string,
): Promise<void> {
  try {
    await providerClient(deps.players, () => Promise.resolve(caller.token)).getDeviceConfig(deviceId);
  } catch (error) {
    throw providerFailure(error);
  }
}
