// Words of a cloud alarm's "Skip next" and "Pause until…" (the card's actions and status line).

export const SKIP_PAUSE_TEXTS = {
  skipNext: 'Skip next',
  pauseUntil: 'Pause until…',
  resume: 'Resume',
  pauseDialogTitle: 'Pause until…',
  pauseDialogHelp: 'The alarm stays silent through this date, then rings as usual.',
  pauseDateLabel: 'Last silent day',
  pauseConfirm: 'Pause',
  cancel: 'Cancel',
  nothingToSkip: 'This alarm has no ringing ahead to skip',
  startingNow: 'Too late to skip: this ringing is starting now. Skip the next one once it is over.',
  pastDate: 'through must be today or a later date',
  badDate: 'through must be a date such as 2026-08-03',
} as const;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "Mon 3 Aug" for a calendar date (month 0-based), the same in every browser locale. */
export function shortDate(year: number, month: number, day: number): string {
  const weekday = new Date(Date.UTC(year, month, day)).getUTCDay();
  return `${WEEKDAYS[weekday] ?? ''} ${day} ${MONTHS[month] ?? ''}`;
}

/** `when` is 'today', 'tomorrow' or a short date. */
export const skippingText = (when: string): string => `Skipping ${when}`;
export const pausedUntilText = (date: string): string => `Paused until ${date}`;
