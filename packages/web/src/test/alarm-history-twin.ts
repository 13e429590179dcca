import {
  byHistoryOrder,
  decodeHistoryCursor,
  encodeHistoryCursor,
  isAfterCursor,
} from '@playlist-alarms/core/cloud/alarm-history';
import type {
  HistoryEntryAnswer,
  HistoryPageAnswer,
} from '@playlist-alarms/core/cloud/alarm-history-answers';
import type { ObservedPlayRequest } from '@playlist-alarms/core/alarms/observed-play';
import type { AlarmHistorySource } from '../services/cloud-client';

/**
 * The backend's alarm history in memory, paged with core's cursor as the server pages it (newest
 * first, strictly after the cursor). The HTTP wiring is the server's integration tests' and the e2e's.
 */
export class InMemoryAlarmHistory implements AlarmHistorySource {
  readonly entries = new Map<string, HistoryEntryAnswer[]>();
  readonly requests: Array<{ deviceId: string; before: string | null; limit: number }> = [];
  /** When set, the next read fails with it (the server's `error` text). */
  failNext: string | null = null;
  /** The plays pages said they saw, in order (the server's checks are its integration tests'). */
  readonly observed: Array<{ deviceId: string; request: ObservedPlayRequest }> = [];

  recordObservedPlay(deviceId: string, request: ObservedPlayRequest): Promise<{ recorded: boolean }> {
    const again = this.observed.some(
      (seen) =>
        seen.deviceId === deviceId &&
        seen.request.alarm === request.alarm &&
        seen.request.due_at === request.due_at,
    );
    this.observed.push({ deviceId, request });
    return Promise.resolve({ recorded: !again });
  }

  async alarmHistory(
    deviceId: string,
    page: { before: string | null; limit: number },
  ): Promise<HistoryPageAnswer> {
    this.requests.push({ deviceId, ...page });
    await Promise.resolve();
    const failure = this.failNext;
    this.failNext = null;
    if (failure) throw new Error(failure);
    const cursor = page.before === null ? null : decodeHistoryCursor(page.before);
    const after = (this.entries.get(deviceId) ?? [])
      .map((entry) => ({ dueAt: entry.due_at, id: entry.id, entry }))
      .filter((row) => isAfterCursor(row, cursor))
      .sort(byHistoryOrder);
    const shown = after.slice(0, page.limit);
    const last = shown.at(-1);
    return {
      entries: shown.map((row) => row.entry),
      next_before:
        after.length > page.limit && last ? encodeHistoryCursor({ dueAt: last.dueAt, id: last.id }) : null,
    };
  }
}
