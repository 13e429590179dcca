// Dedup and rate limit over what was sent, which the server stores and passes in: each piece of
// news goes out once (its dedupKey), and a parent gets at most PER_PLAYER_PER_HOUR notifications
// about one player in any hour and PER_PARENT_PER_DAY in any 24 hours, so a flapping player or a
// bad night cannot make the phone buzz all night.
import type { ParentNotification } from './parent-notification';

/** One notification sent to the parent, as the server records it. */
export interface SentNotification {
  dedupKey: string;
  deviceId: string;
  /** When it went out (UTC ISO-8601). */
  sentAt: string;
}

export const PER_PLAYER_PER_HOUR = 3;
export const PER_PARENT_PER_DAY = 12;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * How long a record must be kept. Every key is tied to one ringing or one evening, and the rules
 * build news only in the hours around it (an alarm that did not play: 12 hours after it was due),
 * so two days cover dedup and the rate limit's day with room to spare.
 */
export const SENT_RECORD_KEEP_MS = 2 * DAY_MS;

export type SendDecision =
  | { send: true }
  | { send: false; reason: 'duplicate' }
  | { send: false; reason: 'rate-limited'; retryAt: Date };

/** The records within `windowMs` before `now`, oldest first. */
const within = (sent: readonly SentNotification[], now: Date, windowMs: number): number[] =>
  sent
    .map((record) => Date.parse(record.sentAt))
    .filter((at) => !Number.isNaN(at) && at > now.getTime() - windowMs && at <= now.getTime())
    .sort((a, b) => a - b);

/**
 * Whether the news may go out at `now`: not when its key was sent before; not while the player's
 * hour or the parent's day is full, and then `retryAt` is when the oldest record in the fuller
 * window leaves it (ask again then, if the news is still relevant).
 */
export function sendDecision(
  notification: Pick<ParentNotification, 'dedupKey' | 'deviceId'>,
  now: Date,
  sent: readonly SentNotification[],
): SendDecision {
  if (sent.some((record) => record.dedupKey === notification.dedupKey))
    return { send: false, reason: 'duplicate' };
  const player = within(
    sent.filter((record) => record.deviceId === notification.deviceId),
    now,
    HOUR_MS,
  );
  const parent = within(sent, now, DAY_MS);
  const frees: number[] = [];
  // The window frees a place when its oldest record that keeps it full leaves it.
  if (player.length >= PER_PLAYER_PER_HOUR)
    frees.push((player[player.length - PER_PLAYER_PER_HOUR] ?? 0) + HOUR_MS);
  if (parent.length >= PER_PARENT_PER_DAY)
    frees.push((parent[parent.length - PER_PARENT_PER_DAY] ?? 0) + DAY_MS);
  if (frees.length === 0) return { send: true };
  return { send: false, reason: 'rate-limited', retryAt: new Date(Math.max(...frees)) };
}

/** The records still needed at `now` (the server may forget the rest). */
export const keptRecords = (sent: readonly SentNotification[], now: Date): SentNotification[] =>
  sent.filter((record) => Date.parse(record.sentAt) > now.getTime() - SENT_RECORD_KEEP_MS);

/** The record of the news sent at `now`. */
export const sentRecord = (
  notification: Pick<ParentNotification, 'dedupKey' | 'deviceId'>,
  now: Date,
): SentNotification => ({
  dedupKey: notification.dedupKey,
  deviceId: notification.deviceId,
  sentAt: now.toISOString(),
});
