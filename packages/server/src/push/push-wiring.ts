import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { Database } from '../db/schema';
import type { PlayerConfigAccess } from '../alarm-holds/player-config';
import type { AccessTokenSource } from '../alarm-worker/access-token-source';
import type { WorkerClock } from '../alarm-worker/clock';
import type { Household } from '../household/household-access';
import { householdRecipients } from './alarm-recipients';
import { alarmNotPlayedNotice, type FiringReceiptListener } from './alarm-not-played-notice';
import { createNotificationDelivery, type DeliveryLog } from './notification-delivery';
import { offlineAtPrepareNotice, type OfflineAtPrepareListener } from './offline-at-prepare-notice';
import { createParentNotifier } from './parent-notifier';
import { PendingNotificationRunner } from './pending-runner';
import { PlayerWatchRunner } from './player-watch-runner';
import type { VapidKeys } from './push-config';
import { createPushSender } from './push-sender';

// Every kind of news and its way out, put together once per process: the worker's two listeners
// (a firing that did not play, a player off in the prepare window), and the two runners that
// start and stop with the worker (held news, the players' evening and bedtime watch).

export interface PushWiring {
  onReceipt: FiringReceiptListener;
  onOfflineAtPrepare: OfflineAtPrepareListener;
  pending: PendingNotificationRunner;
  watch: PlayerWatchRunner;
}

export function createPushWiring(p: {
  config: ServerConfig;
  db: Kysely<Database>;
  vapid: VapidKeys;
  clock: WorkerClock;
  tokens: AccessTokenSource;
  /** Who may see a player: every parent of its family hears of its cloud alarms. */
  household: Household;
  players: PlayerConfigAccess;
  log: DeliveryLog;
  pushFetch?: typeof fetch;
}): PushWiring {
  const { db, clock, log } = p;
  const now = () => clock.now();
  const notifier = createParentNotifier({
    db,
    sender: createPushSender(p.vapid, p.config.push.extraEndpointHosts, p.pushFetch),
    now,
    log,
  });
  const delivery = createNotificationDelivery({ db, notifier, now, log });
  const recipients = householdRecipients(p.household, p.tokens);
  return {
    onReceipt: alarmNotPlayedNotice(delivery, recipients, now),
    onOfflineAtPrepare: offlineAtPrepareNotice(delivery, recipients),
    pending: new PendingNotificationRunner({ db, clock, delivery, log }),
    watch: new PlayerWatchRunner({
      db,
      clock,
      players: p.players,
      tokens: p.tokens,
      delivery,
      log,
      intervalMs: p.config.pushWatchIntervalMs,
    }),
  };
}
