// The tables as Kysely sees them. Both dialects store the same shapes: timestamps are ISO-8601
// UTC strings (fixed width, so they compare correctly as text, which the alarm worker's
// "due and not claimed" queries rely on) and flags are 0/1 integers, so one repository serves
// SQLite and PostgreSQL without per-dialect conversions.

import type { Generated } from 'kysely';
import type { FiringOutcome } from '@playlist-alarms/core/cloud/alarm-firing';

export interface UsersTable {
  /** The provider's token subject, such as 'auth0|abc123'. */
  yoto_user_id: string;
  email: string | null;
  name: string | null;
  /** IANA time zone, such as 'Europe/London'. */
  timezone: string | null;
  /** Encrypted by the caller before it reaches the database (tokens are encrypted at rest). */
  access_token_enc: string | null;
  token_expires_at: string | null;
  refresh_token_enc: string | null;
  created_at: string;
  updated_at: string;
}

export interface DevicesTable {
  yoto_user_id: string;
  yoto_device_id: string;
  device_name: string;
  device_type: string;
  created_at: string;
  updated_at: string;
}

export interface AlarmsTable {
  id: string;
  /** The parent who set the alarm: its time zone, lock, cap and firing token (docs/decisions/shared-household.md). */
  yoto_user_id: string;
  /**
   * The account's share (migration 0019, `shareOf` in core's worker-roster): the replica that owns
   * it arms the alarm, and asks the database for its own shares only (docs/decisions/worker-roster.md).
   */
  share: number;
  yoto_device_id: string;
  device_name: string;
  alarm_name: string;
  alarm_type: 'wakeup' | 'bedtime';
  playlist_id: string;
  playlist_name: string;
  hour: number;
  minute: number;
  /** 7-character day mask, Monday first, as on the player: '1111100' is Monday to Friday. */
  days: string;
  volume: number;
  /** 0 or 1. */
  is_enabled: number;
  /** Unused: a client's mqtt_config is never stored (the server fires through its own broker). */
  mqtt_config: string | null;
  next_fire_at: string | null;
  /** The receipt of the last firing (migration 0004): its due instant, outcome and when recorded. */
  last_fired_at: string | null;
  last_outcome: FiringOutcome | null;
  last_outcome_at: string | null;
  /** Which worker holds the alarm while it fires, and until when (replicas must not double-fire). */
  claimed_by: string | null;
  claimed_until: string | null;
  /** UTC instant of the skipped ringing (migration 0005); inert once passed. */
  skip_until: string | null;
  /** Last silent local date, YYYY-MM-DD in the user's zone (migration 0005). */
  paused_through: string | null;
  /** The extras (migration 0006), null when off: a wake-up's fade, a bedtime's sleep timer and night light (0/1). */
  fade_in_minutes: number | null;
  sleep_timer_minutes: number | null;
  night_light: number | null;
  created_at: string;
  updated_at: string;
}

/** A browser's sign-in (src/sessions/). The user's token pair lives on the users row, shared by their sessions. */
export interface SessionsTable {
  /** SHA-256 (hex) of the random id in the cookie: a copy of the table opens no session. */
  id_hash: string;
  yoto_user_id: string;
  created_at: string;
  /** Absolute end of the session, however active it is. */
  expires_at: string;
}

/** One row per firing; the primary key (alarm_id, due_at) is the claim: one process wins. */
export interface AlarmFiringsTable {
  alarm_id: string;
  due_at: string;
  /** The process (or page trigger) that won the claim. */
  claimed_by: string;
  claimed_at: string;
  /** Null while the firing is under way. */
  outcome: FiringOutcome | null;
  outcome_at: string | null;
  /** Why, for the logs and the status (no user data). */
  detail: string | null;
  /** What the alarm history shows (migration 0010), kept after the alarm is deleted; null only on
   * firings of alarms already deleted before the migration. */
  yoto_user_id: string | null;
  yoto_device_id: string | null;
  alarm_name: string | null;
  alarm_type: 'wakeup' | 'bedtime' | null;
  /** When card/start went to the player, for a played firing (how late it rang). */
  played_at: string | null;
  /** 0 or 1: the alarm's fade-in started with it. */
  faded: Generated<number>;
  /** The process ringing it now (the claimant, or one that took it over); migration 0015. */
  lease_owner: string | null;
  /** Its lease runs until then, renewed while it rings; null on claims from before leases. */
  lease_until: string | null;
  /** The card the claimant rang (migration 0018); null on older firings. */
  playlist_id: string | null;
}

/** A ringing of a player's own alarm the server silenced with a hold (migration 0010). */
export interface DeviceAlarmRingingsTable {
  yoto_device_id: string;
  /** The alarm's string on the player while held. */
  alarm: string;
  /** The silenced ringing's instant. */
  due_at: string;
  /** Who held it. */
  yoto_user_id: string;
  /** "alarm at 07:00": the player's alarms have no names. */
  alarm_name: string;
  outcome: 'skipped' | 'paused';
  recorded_at: string;
}

/** A ringing of a player's own alarm that an open page saw play (migration 0016). */
export interface DeviceAlarmPlaysTable {
  yoto_device_id: string;
  /** The alarm's string on the player as the page read it (switched on). */
  alarm: string;
  /** The ringing's instant in the player's zone. */
  due_at: string;
  /** Whose page saw it. */
  yoto_user_id: string;
  /** "alarm at 07:00": the player's alarms have no names. */
  alarm_name: string;
  /** When the page saw the player start the alarm's card. */
  started_at: string;
  recorded_at: string;
}

/** A player's own alarm list as the server last read its config (migration 0017). */
export interface PlayerOwnAlarmsTable {
  yoto_device_id: string;
  /** config.alarms as read: a JSON array of the raw strings. */
  alarms: string;
  /** The config's geoTimezone as read (null: none). */
  time_zone: string | null;
  read_at: string;
}

/** A playlist a user pinned to Quick Play Favorites (migration 0007). */
export interface FavouritesTable {
  yoto_user_id: string;
  card_id: string;
  /** The card's title when pinned, to name a card that is no own playlist. */
  title: string;
  /** Pin order: one more than the user's highest when pinned. */
  position: number;
  pinned_at: string;
}

/**
 * A player's alarm the server switched off for a skip or a pause (migration 0008), switched back
 * on by the hold runner at switch_on_at. Keyed by the player and the held string.
 */
export interface AlarmHoldsTable {
  yoto_device_id: string;
  /** The alarm's string on the player while held (switched off). */
  alarm: string;
  /** Who held it: the runner switches it back on with this user's token. */
  yoto_user_id: string;
  skip_until: string | null;
  paused_through: string | null;
  time_zone: string;
  switch_on_at: string;
  state: 'held' | 'awaiting-player';
  /** The runner process working on it, and until when (replicas must not write twice). */
  lease_owner: string | null;
  lease_until: string | null;
  /** Failed switch-on attempts in a row (the backoff grows with them). */
  attempts: number;
  /** When the runner looks at it next: switch_on_at at first, later a retry or a re-check. */
  next_attempt_at: string;
  created_at: string;
  updated_at: string;
}

/**
 * A player the provider listed for a user when last asked (migration 0009): the household's other
 * parents are found by it (src/household/). Rewritten whole each time that user's list is fetched.
 */
export interface HouseholdPlayersTable {
  yoto_user_id: string;
  yoto_device_id: string;
  listed_at: string;
}

/** A browser's Web Push subscription of one parent (migration 0011), with the kinds it wants. */
export interface PushSubscriptionsTable {
  yoto_user_id: string;
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url): the payload is encrypted to them. */
  p256dh: string;
  auth: string;
  /** The kinds switched on, comma-separated (core's NOTIFICATION_KINDS). */
  kinds: string;
  created_at: string;
  updated_at: string;
}

/** A parent's notification settings (migration 0011); no row: the defaults. */
export interface NotificationSettingsTable {
  yoto_user_id: string;
  /** Quiet hours, local 'HH:MM' in the parent's zone. */
  quiet_start: string;
  quiet_end: string;
  updated_at: string;
}

/** What was sent to whom (migration 0011): each dedup key reaches a parent once. */
export interface SentNotificationsTable {
  yoto_user_id: string;
  dedup_key: string;
  kind: string;
  sent_at: string;
  /** The player it was about (migration 0012; null on rows from before): the per-player rate limit. */
  device_id: string | null;
}

/**
 * News held back (migration 0012): quiet hours or the rate limit said "not yet". The pending
 * runner asks the delivery rules again once `until` has passed, leasing the row so one replica does.
 */
export interface PendingNotificationsTable {
  yoto_user_id: string;
  dedup_key: string;
  /** The ParentNotification as JSON. */
  notification: string;
  until: string;
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
}

/** A cloud alarm's ringing its skip or pause passed over (migration 0014): the history's entry. */
export interface CloudAlarmRingingsTable {
  alarm_id: string;
  due_at: string;
  /** The alarm's creator, player, name and type, kept should the alarm be deleted. */
  yoto_user_id: string;
  yoto_device_id: string;
  alarm_name: string;
  alarm_type: 'wakeup' | 'bedtime';
  outcome: 'skipped' | 'paused';
  recorded_at: string;
}

/** Whose turn it is at a once-across-replicas job (migration 0013), until `held_until`. */
export interface WorkerLeasesTable {
  name: string;
  held_by: string;
  held_until: string;
}

export interface Database {
  sessions: SessionsTable;
  users: UsersTable;
  devices: DevicesTable;
  alarms: AlarmsTable;
  alarm_firings: AlarmFiringsTable;
  favourites: FavouritesTable;
  alarm_holds: AlarmHoldsTable;
  household_players: HouseholdPlayersTable;
  device_alarm_ringings: DeviceAlarmRingingsTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_settings: NotificationSettingsTable;
  sent_notifications: SentNotificationsTable;
  pending_notifications: PendingNotificationsTable;
  worker_leases: WorkerLeasesTable;
  cloud_alarm_ringings: CloudAlarmRingingsTable;
  device_alarm_plays: DeviceAlarmPlaysTable;
  player_own_alarms: PlayerOwnAlarmsTable;
}
