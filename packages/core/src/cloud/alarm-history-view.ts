// What the "Alarm history" view shows of one ringing: when (in the player's zone), which alarm,
// and the outcome in words, "Played, 3 s late" for one that played late.
import { wallClock } from '../alarms/local-time';
import { formatTime } from '../alarms/alarm-codec';
import { shortDate } from '../texts/skip-pause-texts';
import {
  ALARM_HISTORY_TEXTS,
  HISTORY_OUTCOME_TEXTS,
  minutesLateText,
  onTimeText,
  secondsLateText,
} from '../texts/alarm-history-texts';
import type { HistoryOutcome } from './alarm-history';

/** What the view needs of an entry (the answer's shape, alarm-history-answers.ts). */
export interface HistoryEntryFacts {
  id: string;
  source: 'cloud' | 'device';
  alarm_name: string;
  due_at: string;
  outcome: HistoryOutcome;
  played_at: string | null;
  faded: boolean;
  alarm_deleted: boolean;
}

export interface HistoryRow {
  key: string;
  /** "Mon 3 Aug, 07:00" in the zone given. */
  when: string;
  /** The alarm's name, with "(deleted since)" for a deleted cloud alarm. */
  alarm: string;
  /** "Cloud alarm" or "Player alarm". */
  source: string;
  /** "Played, 3 s late", "Skipped", "The player was off"… */
  outcome: string;
  /** For a style: whether the alarm rang. */
  rang: boolean;
}

/** Under a second is on time; under a minute in seconds; else whole minutes. Early counts as on time. */
export function latenessText(lateMs: number): string {
  if (lateMs < 1000) return onTimeText;
  if (lateMs < 60_000) return secondsLateText(Math.floor(lateMs / 1000));
  return minutesLateText(Math.floor(lateMs / 60_000));
}

export function historyOutcomeText(
  entry: Pick<HistoryEntryFacts, 'outcome' | 'due_at' | 'played_at' | 'faded'>,
): string {
  if (entry.outcome !== 'played') return HISTORY_OUTCOME_TEXTS[entry.outcome];
  const said = entry.faded ? HISTORY_OUTCOME_TEXTS.faded : HISTORY_OUTCOME_TEXTS.played;
  if (entry.played_at === null) return said;
  return `${said}, ${latenessText(Date.parse(entry.played_at) - Date.parse(entry.due_at))}`;
}

export function historyWhen(dueAt: string, timeZone: string): string {
  const local = wallClock(new Date(dueAt), timeZone);
  return `${shortDate(local.year, local.month, local.day)}, ${formatTime(local.hour, local.minute)}`;
}

export function historyRow(entry: HistoryEntryFacts, timeZone: string): HistoryRow {
  return {
    key: entry.id,
    when: historyWhen(entry.due_at, timeZone),
    alarm: entry.alarm_deleted ? `${entry.alarm_name} (${ALARM_HISTORY_TEXTS.deleted})` : entry.alarm_name,
    source: entry.source === 'cloud' ? ALARM_HISTORY_TEXTS.cloud : ALARM_HISTORY_TEXTS.device,
    outcome: historyOutcomeText(entry),
    rang: entry.outcome === 'played',
  };
}
