// What the server tells a parent by Web Push: the kinds a parent can switch on or off, and one
// notification as the rules build it and the sender delivers it (docs/decisions/push-notifications.md).

export const NOTIFICATION_KINDS = [
  'alarm-not-played',
  'alarm-at-risk',
  'player-offline',
  'low-battery',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface ParentNotification {
  kind: NotificationKind;
  /** One piece of news: a parent gets each key at most once. */
  dedupKey: string;
  title: string;
  body: string;
  /** The app-relative address a click opens, on the view the news is about (such as `/?view=devices&device=ID`). */
  url: string;
  /** The player it is about. */
  deviceId: string;
  /** The ringing it is about (UTC ISO-8601), if any: within the hour it is sent even in quiet hours. */
  alarmAt: string | null;
}

/** A parent's quiet hours: local 'HH:MM' in their zone, start to end, across midnight when end < start; equal means none. */
export interface QuietHours {
  start: string;
  end: string;
}
