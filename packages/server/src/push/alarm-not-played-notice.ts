import type { FiringOutcome } from '@playlist-alarms/core/cloud/alarm-firing';
import { alarmNotPlayedNotification } from '@playlist-alarms/core/notifications/notification-builders';
import type { AlarmsTable } from '../db/schema';
import type { AlarmRecipients } from './alarm-recipients';
import type { NotificationDelivery } from './notification-delivery';

// The worker's receipt of a firing that did not play becomes a push to the alarm's parents: its own
// receipts, and the abandoned-firing sweep's (a firing whose process died is settled as failed).

export type FiringReceiptListener = (
  alarm: AlarmsTable,
  dueAt: string,
  outcome: FiringOutcome,
) => Promise<void>;

export function alarmNotPlayedNotice(
  delivery: NotificationDelivery,
  recipientsOfAlarm: AlarmRecipients,
  now: () => Date,
): FiringReceiptListener {
  return async (alarm, dueAt, outcome) => {
    // The receipt is the firing's last word even when the ring gave up a moment before the due
    // instant (the worker starts early by its lead), so it is read as of the due instant at least.
    const at = new Date(Math.max(now().getTime(), Date.parse(dueAt)));
    const notification = alarmNotPlayedNotification(
      { ...alarm, last_fired_at: dueAt, last_outcome: outcome },
      at,
    );
    if (notification === null) return;
    await delivery.deliverToEach(await recipientsOfAlarm(alarm), notification);
  };
}
