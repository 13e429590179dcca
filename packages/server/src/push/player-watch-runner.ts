import type { Kysely } from 'kysely';
import { watchWindowMs } from '@playlist-alarms/core/notifications/player-offline';
import { subscribedUsers } from '../db/pending-notifications-repository';
import type { Database } from '../db/schema';
import type { PlayerConfigAccess } from '../alarm-holds/player-config';
import type { AccessTokenSource } from '../alarm-worker/access-token-source';
import type { WorkerClock } from '../alarm-worker/clock';
import { PeriodicRunner } from '../alarm-worker/periodic-pass';
import type { DeliveryLog, NotificationDelivery } from './notification-delivery';
import { watchParent } from './player-watch';

// The evening check, low battery before bedtime and a player off before its own alarm, every
// PUSH_WATCH_INTERVAL_S: for each parent with a subscribed browser (no one else can be told), the
// news player-watch.ts builds goes through the delivery rules. Every replica runs it; the sent
// log's claim sends each piece once.

export class PlayerWatchRunner extends PeriodicRunner {
  constructor(
    private readonly options: {
      db: Kysely<Database>;
      clock: WorkerClock;
      players: PlayerConfigAccess;
      tokens: AccessTokenSource;
      delivery: NotificationDelivery;
      log: DeliveryLog;
      intervalMs: number;
    },
  ) {
    super({
      clock: options.clock,
      intervalMs: options.intervalMs,
      onError: (error) => options.log('error', `player watch pass failed: ${String(error)}`),
    });
  }

  /** One look at every subscribed parent's players; returns how many pieces of news it built. */
  async pass(): Promise<number> {
    const { db, clock, players, tokens, delivery, log } = this.options;
    let built = 0;
    for (const userId of await subscribedUsers(db)) {
      try {
        const news = await watchParent({
          db,
          players,
          tokens,
          userId,
          now: clock.now(),
          windowMs: watchWindowMs(this.options.intervalMs),
          log,
        });
        built += news.length;
        for (const notification of news) await delivery.deliver(userId, notification);
      } catch (error) {
        // One parent's provider trouble (an expired grant, a 429) must not stop the others'.
        log(
          'warn',
          `watching a parent's players failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return built;
  }
}
