import { effectiveTimeZone } from '@playlist-alarms/core/cloud/cloud-next-fire';
import { offlineInPrepareWindow } from '@playlist-alarms/core/notifications/player-offline';
import { toCloudAlarm } from '../db/alarms-repository';
import type { DueAlarm } from '../db/firings-repository';
import type { AlarmRecipients } from './alarm-recipients';
import type { NotificationDelivery } from './notification-delivery';

// The worker's prepare probe found a player off minutes before its cloud alarms: the parents are
// told while they can still switch it on. The worker knows the cloud alarms it is preparing, not
// the player's own list, so the news is about those (one per ringing, keyed so replicas send once).

/** Told with the alarms of one player due at one instant, and when the probe found it off. */
export type OfflineAtPrepareListener = (alarms: readonly DueAlarm[], offlineAt: Date) => Promise<void>;

export function offlineAtPrepareNotice(
  delivery: NotificationDelivery,
  recipientsOfAlarm: AlarmRecipients,
): OfflineAtPrepareListener {
  return async (alarms, offlineAt) => {
    const [first] = alarms;
    if (first === undefined) return;
    const news = offlineInPrepareWindow({
      player: { deviceId: first.yoto_device_id, name: first.device_name, timeZone: null, alarms: [] },
      offlineAt,
      timeZone: effectiveTimeZone(first.timezone),
      cloudAlarms: alarms.map(toCloudAlarm),
    });
    const parents = await recipientsOfAlarm(first);
    for (const notification of news) await delivery.deliverToEach(parents, notification);
  };
}
