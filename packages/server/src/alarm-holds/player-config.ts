import type { Kysely } from 'kysely';
import { isValidTimeZone } from '@playlist-alarms/core/alarms/local-time';
import { KeyedQueue } from '@playlist-alarms/provider/keyed-queue';
import { ProviderClient, ProviderError } from '@playlist-alarms/provider/rest-client';
import type { DeviceConfig } from '@playlist-alarms/provider/rest-schemas';
import type { Database } from '../db/schema';
import { HttpError } from '../errors';

// What the hold routes and the hold runner share to reach a player's config: the provider's REST
// API with a user's token, and one queue per player for this process, so a route's change and the
// runner's switch-on never interleave their read-change-write-read (the provider client's own
// queue serialises one client's writes only).

export interface PlayerConfigAccess {
  apiBase: string;
  fetch: typeof fetch;
  /** One hold change (route or runner) at a time per player in this process. */
  queue: KeyedQueue;
}

export const createPlayerConfigAccess = (apiBase: string, fetchImpl: typeof fetch): PlayerConfigAccess => ({
  apiBase,
  fetch: fetchImpl,
  queue: new KeyedQueue(),
});

export const providerClient = (
  access: PlayerConfigAccess,
  getAccessToken: () => Promise<string | null>,
): ProviderClient => new ProviderClient({ apiBase: access.apiBase, fetch: access.fetch, getAccessToken });

/** The zone the player rings in: its geoTimezone when valid, else the user's stored zone, else UTC. */
export async function playerZone(
  db: Kysely<Database>,
  config: DeviceConfig,
  userId: string,
): Promise<string> {
  const own = config.device.geoTimezone;
  if (typeof own === 'string' && isValidTimeZone(own)) return own;
  const user = await db
    .selectFrom('users')
    .select('timezone')
    .where('yoto_user_id', '=', userId)
    .executeTakeFirst();
  return user?.timezone && isValidTimeZone(user.timezone) ? user.timezone : 'UTC';
}

export const isOnline = (config: DeviceConfig): boolean => config.device.online === true;

export const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((item, i) => item === b[i]);

const REFUSALS: Record<number, string> = {
  401: 'The provider did not accept the access token',
  403: 'The provider refused access to this player',
  404: 'Player not found',
  429: 'Too many requests to the provider; try again shortly',
};

/**
 * A provider failure as the route answers it: the provider's refusals (403 another family's
 * player, 404 an unknown one, 429) keep their status; anything else is a 502. The words name no
 * path, so an answer never echoes a player id back.
 */
export function providerFailure(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  if (error.status >= 400 && error.status < 500)
    return new HttpError(
      error.status,
      REFUSALS[error.status] ?? `The provider refused (HTTP ${error.status})`,
    );
  return new HttpError(502, 'Provider unavailable: try again in a moment');
}
