import { parseAlarm } from '@playlist-alarms/core/alarms/alarm-codec';
import {
  ALARM_HOLD_TEXTS,
  heldAlarmString,
  planAlarmHold,
  switchHeldAlarmOn,
} from '@playlist-alarms/core/alarms/alarm-hold';
import type { AlarmHold, AlarmHoldChangeAnswer } from '@playlist-alarms/core/alarms/alarm-hold-answers';
import type { AlarmHoldRequest } from '@playlist-alarms/core/alarms/alarm-hold-view';
import { ALARM_GONE } from '@playlist-alarms/core/alarms/alarm-list-edit';
import type { AlarmHoldsSource } from '../services/cloud-client';
import type { LibrarySource } from '../services/app-services';

/**
 * The backend's alarm holds in memory, with the server's rules (core's planAlarmHold and
 * switchHeldAlarmOn): a skip or pause switches the alarm off in the player's list (through the
 * library twin) and keeps a hold; resume switches it on and forgets the hold. The HTTP wiring is the e2e's.
 */
export class InMemoryAlarmHolds implements AlarmHoldsSource {
  readonly holds = new Map<string, AlarmHold[]>();
  /** The user's zone at the server, when the player reports none. */
  userZone: string | null = null;
  /** When set, the next change fails with it (the server's `error` text). */
  failNext: string | null = null;
  readonly requests: Array<{ deviceId: string } & AlarmHoldRequest> = [];
  now = () => new Date();

  constructor(private readonly library: LibrarySource) {}

  async listAlarmHolds(deviceId: string): Promise<AlarmHold[]> {
    await this.turn();
    return [...(this.holds.get(deviceId) ?? [])];
  }

  async changeAlarmHold(deviceId: string, request: AlarmHoldRequest): Promise<AlarmHoldChangeAnswer> {
    this.requests.push({ deviceId, ...request });
    await this.turn();
    const failure = this.failNext;
    this.failNext = null;
    if (failure) throw new Error(failure);
    const { alarm, index, change } = request;
    const holds = this.holds.get(deviceId) ?? [];
    const held = holds.find((hold) => hold.alarm === alarm);
    const { device } = await this.library.getDeviceConfig(deviceId);
    const current = device.config.alarms;
    if (change.action === 'resume') {
      if (!held) throw new Error(ALARM_HOLD_TEXTS.notHeld);
      const on = switchHeldAlarmOn(current, alarm);
      if (on.kind === 'gone') throw new Error(ALARM_GONE);
      if (on.kind === 'write') await this.library.updateDeviceAlarms(deviceId, () => on.alarms);
      this.holds.set(
        deviceId,
        holds.filter((hold) => hold !== held),
      );
    } else {
      const read = parseAlarm(alarm, index);
      if (current[index] !== alarm || !read.ok) throw new Error(ALARM_GONE);
      // A held alarm is off on the player: its plan is the alarm's as it was switched on.
      const timeZone = device.geoTimezone ?? this.userZone ?? 'UTC';
      const plan = planAlarmHold(
        { ...read.alarm, enabled: read.alarm.enabled || !!held },
        change,
        this.now(),
        timeZone,
      );
      if (!plan.ok) throw new Error(plan.error);
      const off = heldAlarmString(read.alarm);
      await this.library.updateDeviceAlarms(deviceId, (list) => list.map((s, i) => (i === index ? off : s)));
      const hold: AlarmHold = {
        alarm: off,
        ...plan.marks,
        time_zone: timeZone,
        switch_on_at: plan.switchOnAt.toISOString(),
        state: 'held',
      };
      this.holds.set(deviceId, [...holds.filter((h) => h !== held), hold]);
    }
    const after = await this.library.getDeviceConfig(deviceId);
    return { holds: [...(this.holds.get(deviceId) ?? [])], alarms: after.device.config.alarms };
  }

  /** Answers after a turn of the event loop, as a network call would. */
  private async turn(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
