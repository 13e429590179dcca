// Words of a player's alarm history (the Devices tab's "Alarm history" view): its controls and
// what each ringing's outcome says.

/** The player card's control: alone, so the always-loaded card carries none of the view's words. */
export const ALARM_HISTORY_OPEN = 'Alarm history';

export const ALARM_HISTORY_TEXTS = {
  open: ALARM_HISTORY_OPEN,
  title: 'Alarm history',
  close: 'Close',
  loadMore: 'Load more',
  loading: 'Loading…',
  empty: 'No alarms rang on this player in the last 30 days.',
  failed: 'The alarm history could not be loaded',
  cloud: 'Cloud alarm',
  device: 'Player alarm',
  deleted: 'deleted since',
  badCursor: 'before must be a cursor from an earlier page of the history',
  badLimit: 'limit must be a whole number from 1 to 100',
} as const;

/** What each outcome says; "played" adds how late (alarm-history-view.ts). */
export const HISTORY_OUTCOME_TEXTS = {
  played: 'Played',
  faded: 'Played with a fade-in',
  skipped: 'Skipped',
  paused: 'Paused',
  'player-offline': 'The player was off',
  missed: 'Missed (the server was down)',
  failed: 'Failed',
  'no-response': 'The player did not answer',
  'in-progress': 'Ringing now',
} as const;

export const onTimeText = 'on time';
export const secondsLateText = (seconds: number): string => `${seconds} s late`;
export const minutesLateText = (minutes: number): string => `${minutes} min late`;
