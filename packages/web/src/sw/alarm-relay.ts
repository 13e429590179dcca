// The worker's side of the alarm messages, free of worker globals so it is tested as plain
// TypeScript: it keeps the last SYNC_ALARMS, answers it with SCHEDULE_UPDATE, and arms one timer
// that posts ALARM_TRIGGERED to every page at the alarm's time, then moves on to the next alarm.
import { TIMINGS_MS } from '@playlist-alarms/core/shared/constants';
import { parseIncoming } from './alarm-messages';
import type { SyncAlarms } from './alarm-messages';
import { ALARM_TRIGGERED, SCHEDULE_UPDATE } from './message-types';
import { nextScheduledAlarm } from './next-scheduled-alarm';
import type { OutgoingMessage, ScheduleUpdate, ScheduledAlarm } from './worker-messages';

/** setTimeout takes at most 2^31 - 1 ms (24.8 days); alarms are at most a week ahead, so this is a guard. */
const MAX_TIMER_MS = 2_147_483_647;

interface RelayClock {
  now(): Date;
  setTimer(run: () => void, delayMs: number): unknown;
  clearTimer(handle: unknown): void;
}

interface RelayDeps extends RelayClock {
  /** Posts to every page the worker controls. */
  broadcast(message: OutgoingMessage): void;
  /** The page accepted an update: activate the waiting worker. */
  skipWaiting(): void;
}

export class AlarmRelay {
  private sync: SyncAlarms | null = null;
  private next: ScheduledAlarm | null = null;
  private timer: unknown = null;

  constructor(private readonly deps: RelayDeps) {}

  /** One message from a page; the answer to send back to that page, if any. */
  receive(data: unknown): ScheduleUpdate | null {
    const parsed = parseIncoming(data);
    if (!parsed.ok) return { type: SCHEDULE_UPDATE, next: this.next, error: parsed.error };
    if (parsed.message.type === 'SKIP_WAITING') {
      this.deps.skipWaiting();
      return null;
    }
    this.sync = parsed.message;
    this.schedule(this.deps.now());
    return this.update();
  }

  /** The alarm the timer is armed for (null: none). */
  get scheduled(): ScheduledAlarm | null {
    return this.next;
  }

  private update(): ScheduleUpdate {
    return { type: SCHEDULE_UPDATE, next: this.next };
  }

  private schedule(after: Date): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
    this.next = this.sync ? nextScheduledAlarm(this.sync, after) : null;
    const next = this.next;
    if (!next) return;
    const delay = Math.min(Math.max(Date.parse(next.at) - this.deps.now().getTime(), 0), MAX_TIMER_MS);
    this.timer = this.deps.setTimer(() => this.fire(next), delay);
  }

  private fire(alarm: ScheduledAlarm): void {
    this.timer = null;
    // A timer may wake early (clock changes) or for a schedule a newer sync replaced: check first.
    if (Date.parse(alarm.at) > this.deps.now().getTime()) {
      this.schedule(this.deps.now());
      return;
    }
    this.deps.broadcast({ type: ALARM_TRIGGERED, alarm });
    // Reschedule 1 s after the alarm, so the one that just rang is not found again (and
    // from now, when the worker woke late: what it slept through is the server's to report).
    const after = Math.max(Date.parse(alarm.at) + TIMINGS_MS.alarmReschedule, this.deps.now().getTime());
    this.schedule(new Date(after));
    this.deps.broadcast(this.update());
  }
}
