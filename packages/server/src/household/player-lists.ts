import type { Kysely } from 'kysely';
import { ProviderClient } from '@playlist-alarms/provider/rest-client';
import { recordPlayers } from '../db/household-repository';
import type { Database } from '../db/schema';

// Which players a user may reach, as the provider says: GET /device-v2/devices/mine with that
// user's own token (a family's parents all get the family's players). The answer is kept in this
// process for TTL_MS per user, so a page's burst of calls asks the provider once; a parent removed
// from the family keeps the family's alarms at most that long. Each answer is also written to
// household_players, where the household's other parents are found by player.

/** How long one user's list is trusted (docs/decisions/shared-household.md). */
export const PLAYER_LIST_TTL_MS = 30_000;
const PROVIDER_TIMEOUT_MS = 5_000;

export interface PlayerListsOptions {
  db: Kysely<Database>;
  apiBase: string;
  fetch: typeof fetch;
  /** The clock of listed_at (tests pin it). */
  now: () => Date;
  /** The clock of the cache (real time: the app's clock may be pinned or moved back). */
  nowMs?: () => number;
  ttlMs?: number;
}

export class PlayerLists {
  private readonly cache = new Map<string, { players: ReadonlySet<string>; atMs: number }>();
  private readonly asking = new Map<string, Promise<ReadonlySet<string> | null>>();
  private readonly nowMs: () => number;
  private readonly ttlMs: number;

  constructor(private readonly options: PlayerListsOptions) {
    this.nowMs = options.nowMs ?? Date.now;
    this.ttlMs = options.ttlMs ?? PLAYER_LIST_TTL_MS;
  }

  /**
   * The user's players, asked with the user's token; null when the provider could not be asked or
   * refused (a failure is not kept: the next call asks again). Callers then treat the user as
   * reaching no player beyond the alarms they set themselves.
   */
  async playersOf(userId: string, token: string): Promise<ReadonlySet<string> | null> {
    const kept = this.cache.get(userId);
    if (kept !== undefined && this.nowMs() - kept.atMs < this.ttlMs) return kept.players;
    let pending = this.asking.get(userId);
    if (pending === undefined) {
      pending = this.ask(userId, token).finally(() => this.asking.delete(userId));
      this.asking.set(userId, pending);
    }
    return pending;
  }

  /** Forgets every kept list (tests, and a sign-out could). */
  clear(): void {
    this.cache.clear();
  }

  private async ask(userId: string, token: string): Promise<ReadonlySet<string> | null> {
    const client = new ProviderClient({
      apiBase: this.options.apiBase,
      fetch: this.options.fetch,
      getAccessToken: () => Promise.resolve(token),
      timeoutMs: PROVIDER_TIMEOUT_MS,
    });
    let ids: string[];
    try {
      ids = (await client.getDevices()).map((device) => device.deviceId);
    } catch {
      return null;
    }
    await recordPlayers(this.options.db, userId, ids, this.options.now().toISOString());
    const players = new Set(ids);
    this.cache.set(userId, { players, atMs: this.nowMs() });
    return players;
  }
}
