// A player's alarm history (docs/decisions/alarm-history.md): which outcomes it shows, how long it
// keeps them, and the cursor that pages it. Newest first, ordered by (due_at, id) descending.
import { FIRING_OUTCOMES } from '../shared/constants';

/** The cloud firings' outcomes, a skip or pause (of a cloud or a player alarm), and a firing still under way. */
export const HISTORY_OUTCOMES = [...FIRING_OUTCOMES, 'skipped', 'paused', 'in-progress'] as const;
export type HistoryOutcome = (typeof HISTORY_OUTCOMES)[number];

const DAY_MS = 24 * 3_600_000;
/** The history shows this far back. */
export const HISTORY_WINDOW_MS = 30 * DAY_MS;
/** Firings older than this are purged. */
export const FIRING_RETENTION_MS = 90 * DAY_MS;
/** Firings of a deleted alarm older than this are purged (the history no longer shows them). */
export const DELETED_ALARM_RETENTION_MS = 30 * DAY_MS;

/** The last entry a page showed: the next page starts after it. */
export interface HistoryCursor {
  dueAt: string;
  id: string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Opaque to the page: the entry's due instant, `~`, and its id percent-encoded. */
export const encodeHistoryCursor = (cursor: HistoryCursor): string =>
  `${cursor.dueAt}~${encodeURIComponent(cursor.id)}`;

/** The cursor, or null when `text` is not one encodeHistoryCursor made. */
export function decodeHistoryCursor(text: string): HistoryCursor | null {
  const split = text.indexOf('~');
  if (split < 0) return null;
  const dueAt = text.slice(0, split);
  // As the server writes instants: the round trip refuses a 30 February the parser would roll over.
  if (!ISO_INSTANT.test(dueAt) || Number.isNaN(Date.parse(dueAt))) return null;
  if (new Date(dueAt).toISOString() !== dueAt) return null;
  let id: string;
  try {
    id = decodeURIComponent(text.slice(split + 1));
  } catch {
    return null;
  }
  return id.length === 0 || id.length > 600 ? null : { dueAt, id };
}

/** True when `entry` comes after `cursor` in the history's order (older, or as old with a smaller id). */
export const isAfterCursor = (entry: HistoryCursor, cursor: HistoryCursor | null): boolean =>
  cursor === null || entry.dueAt < cursor.dueAt || (entry.dueAt === cursor.dueAt && entry.id < cursor.id);

/** Newest first: due instant descending, then id descending (the cursor's order). */
export const byHistoryOrder = (a: HistoryCursor, b: HistoryCursor): number =>
  a.dueAt === b.dueAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.dueAt < b.dueAt ? 1 : -1;

/** A cloud firing's history id; a player alarm's ringing's id (the held string names the alarm). */
export const cloudEntryId = (alarmId: string): string => `c:${alarmId}`;
export const deviceEntryId = (alarm: string): string => `d:${alarm}`;
