// The one decision the sender makes for each piece of news the rules build: send it now, hold it
// (ask again at `until`), or drop it. In order: a kind the parent switched off, news already sent,
// news gone stale, quiet hours, then the rate limit.
import type { NotificationKind, ParentNotification, QuietHours } from './parent-notification';
import { isStillRelevant, quietDecision } from './quiet-hours';
import { sendDecision, type SentNotification } from './send-record';

export type DeliveryDecision =
  | { action: 'send' }
  | { action: 'hold'; until: Date; reason: 'quiet-hours' | 'rate-limited' }
  | { action: 'drop'; reason: 'switched-off' | 'duplicate' | 'stale' };

export function deliveryDecision(
  notification: ParentNotification,
  now: Date,
  parent: {
    /** The parent's zone, in which quiet hours are read. */
    timeZone: string;
    quiet: QuietHours | null;
    /** The kinds the parent has switched on. */
    enabled: readonly NotificationKind[];
    /** What was sent to the parent (send-record.ts `keptRecords` is enough). */
    sent: readonly SentNotification[];
  },
): DeliveryDecision {
  if (!parent.enabled.includes(notification.kind)) return { action: 'drop', reason: 'switched-off' };
  const sending = sendDecision(notification, now, parent.sent);
  if (!sending.send && sending.reason === 'duplicate') return { action: 'drop', reason: 'duplicate' };
  const quiet = quietDecision(notification, now, parent.timeZone, parent.quiet);
  if (quiet.action === 'drop') return { action: 'drop', reason: 'stale' };
  if (quiet.action === 'hold') return { action: 'hold', until: quiet.until, reason: 'quiet-hours' };
  if (sending.send) return { action: 'send' };
  return isStillRelevant(notification, sending.retryAt)
    ? { action: 'hold', until: sending.retryAt, reason: 'rate-limited' }
    : { action: 'drop', reason: 'stale' };
}
