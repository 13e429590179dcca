import type { TriggerAnswer } from '@playlist-alarms/core/alarms/alarm-scheduler';
import { effectiveTimeZone, nextFireAt } from '@playlist-alarms/core/cloud/cloud-next-fire';
import { pauseDateAllowed, type SkipPauseChange } from '@playlist-alarms/core/alarms/skip-pause';
import { SKIP_PAUSE_TEXTS } from '@playlist-alarms/core/texts/skip-pause-texts';
import {
  cloudAlarmCreateSchema,
  cloudAlarmUpdateSchema,
  cloudUserSchema,
  defaultCloudAlarmName,
  describeZodError,
  type CloudAlarm,
  type CloudAlarmCreate,
  type CloudAlarmList,
  type CloudAlarmType,
  type CloudAlarmUpdate,
  type CloudDeviceRecord,
  type CloudUserRecord,
} from '@playlist-alarms/core/cloud/cloud-schemas';
import { MAX_CLOUD_ALARMS } from '@playlist-alarms/core/shared/constants';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { CLOUD_CAP_MESSAGE } from '@playlist-alarms/core/texts/cloud-edit-texts';
import {
  CloudRequestError,
  type CloudDeviceInput,
  type CloudSource,
  type CloudUserProfile,
} from '../services/cloud-client';

const AT = '2026-01-01T00:00:00.000Z';

/**
 * The backend's cloud alarm API in memory, for one signed-in user: the same answers and rules as
 * the server's (validation messages, upload replaces its type, 10-alarm cap, deletes count,
 * next_fire_at in the user's zone and recomputed when it changes). The HTTP wiring is the e2e's.
 */
export class InMemoryCloud implements CloudSource {
  healthy = true;
  /** Null: nobody is signed in, as when the token getter has none. */
  userId: string | null = 'auth0|demo-parent';
  user: CloudUserRecord | null = null;
  devices: CloudDeviceRecord[] = [];
  alarms: CloudAlarm[] = [];
  /** Calls that answer this error (server's `error` text) instead, by method name. */
  readonly failing = new Map<keyof CloudSource, string>();
  readonly calls: Array<keyof CloudSource> = [];
  now = () => new Date('2026-03-02T12:00:00.000Z');
  private nextId = 1;

  isHealthy(): Promise<boolean> {
    this.calls.push('isHealthy');
    return Promise.resolve(this.healthy);
  }

  /** When set, user saves wait for it, so a test can act while the user record is on its way. */
  userGate: Promise<void> | null = null;

  async saveUser(profile: CloudUserProfile): Promise<CloudUserRecord> {
    if (this.userGate) await this.userGate;
    return this.run('saveUser', () => {
      const parsed = cloudUserSchema.safeParse(profile);
      if (!parsed.success) throw new CloudRequestError(400, describeZodError(parsed.error));
      const was = this.user;
      const pick = (value: string | null | undefined, old: string | null) =>
        value === undefined ? old : value === '' ? null : value;
      this.user = {
        yoto_user_id: this.caller(),
        email: pick(parsed.data.email, was?.email ?? null),
        name: pick(parsed.data.name, was?.name ?? null),
        timezone: pick(parsed.data.timezone, was?.timezone ?? null),
        created_at: was?.created_at ?? AT,
        updated_at: AT,
      };
      this.alarms = this.alarms.map((alarm) => this.scheduled(alarm));
      return this.user;
    });
  }

  saveDevice(device: CloudDeviceInput): Promise<CloudDeviceRecord> {
    return this.run('saveDevice', () => {
      const record = { yoto_user_id: this.caller(), ...device, created_at: AT, updated_at: AT };
      this.devices = [...this.devices.filter((d) => d.yoto_device_id !== device.yoto_device_id), record];
      return record;
    });
  }

  listAlarms(): Promise<CloudAlarmList> {
    return this.run('listAlarms', () => {
      this.caller();
      const count = (type: CloudAlarmType) => this.alarms.filter((a) => a.alarm_type === type).length;
      return {
        alarms: [...this.alarms],
        counts: { total: this.alarms.length, wakeup: count('wakeup'), bedtime: count('bedtime') },
      };
    });
  }

  createAlarm(alarm: CloudAlarmCreate): Promise<CloudAlarm> {
    return this.run('createAlarm', () => {
      const body = this.parsed(alarm);
      if (this.alarms.length >= MAX_CLOUD_ALARMS) throw new CloudRequestError(409, CLOUD_CAP_MESSAGE);
      const stored = this.stored(body);
      this.alarms = [...this.alarms, stored];
      return stored;
    });
  }

  updateAlarm(id: string, patch: CloudAlarmUpdate): Promise<CloudAlarm> {
    return this.run('updateAlarm', () => {
      this.caller();
      const parsed = cloudAlarmUpdateSchema.safeParse(patch);
      if (!parsed.success) throw new CloudRequestError(400, describeZodError(parsed.error));
      const { yoto_user_id: _user, mqtt_config: _mqtt, ...fields } = parsed.data;
      const was = this.alarms.find((a) => a.id === id);
      if (!was) throw new CloudRequestError(404, 'Alarm not found');
      const changed = this.scheduled({ ...was, ...fields, updated_at: AT });
      this.alarms = this.alarms.map((a) => (a.id === id ? changed : a));
      return changed;
    });
  }

  markAlarm(id: string, change: SkipPauseChange): Promise<CloudAlarm> {
    return this.run('markAlarm', () => {
      this.caller();
      const was = this.alarms.find((a) => a.id === id);
      if (!was) throw new CloudRequestError(404, 'Alarm not found');
      const now = this.now();
      const zone = effectiveTimeZone(this.user?.timezone);
      let marks: Pick<CloudAlarm, 'skip_until' | 'paused_through'> = {
        skip_until: null,
        paused_through: null,
      };
      if (change.action === 'skip') {
        const next = nextFireAt(was, now, zone);
        if (!next) throw new CloudRequestError(409, SKIP_PAUSE_TEXTS.nothingToSkip);
        marks = { skip_until: next.toISOString(), paused_through: was.paused_through };
      } else if (change.action === 'pause') {
        if (!pauseDateAllowed(change.through, now, zone))
          throw new CloudRequestError(400, SKIP_PAUSE_TEXTS.pastDate);
        marks = { skip_until: was.skip_until, paused_through: change.through };
      }
      const changed = this.scheduled({ ...was, ...marks, updated_at: AT });
      this.alarms = this.alarms.map((a) => (a.id === id ? changed : a));
      return changed;
    });
  }

  replaceAlarmOfType(alarm: CloudAlarmCreate): Promise<CloudAlarm> {
    return this.run('replaceAlarmOfType', () => {
      const body = this.parsed(alarm);
      const kept = this.alarms.filter((a) => a.alarm_type !== body.alarm_type);
      if (kept.length >= MAX_CLOUD_ALARMS) throw new CloudRequestError(409, CLOUD_CAP_MESSAGE);
      const stored = this.stored(body);
      this.alarms = [...kept, stored];
      return stored;
    });
  }

  deleteAlarm(id: string): Promise<number> {
    return this.run('deleteAlarm', () => {
      this.caller();
      if (!this.alarms.some((a) => a.id === id)) throw new CloudRequestError(404, 'Alarm not found');
      return this.remove((a) => a.id === id);
    });
  }

  /** The bulk deletes reach the caller's own alarms only, never another parent's. */
  deleteAlarmsOfType(type: CloudAlarmType): Promise<number> {
    return this.run('deleteAlarmsOfType', () => {
      const caller = this.caller();
      return this.remove((a) => a.alarm_type === type && a.yoto_user_id === caller);
    });
  }

  deleteAllAlarms(): Promise<number> {
    return this.run('deleteAllAlarms', () => {
      const caller = this.caller();
      return this.remove((a) => a.yoto_user_id === caller);
    });
  }

  /** The page's triggers, and what the server answers them (played unless a test says otherwise). */
  readonly triggers: Array<{ id: string; dueAt: string }> = [];
  triggerAnswer: TriggerAnswer = { status: 'fired', outcome: 'played', detail: null };

  triggerAlarm(id: string, dueAt: string): Promise<TriggerAnswer> {
    this.calls.push('triggerAlarm');
    this.triggers.push({ id, dueAt });
    return Promise.resolve(this.triggerAnswer);
  }

  private remove(match: (alarm: CloudAlarm) => boolean): number {
    const before = this.alarms.length;
    this.alarms = this.alarms.filter((a) => !match(a));
    return before - this.alarms.length;
  }

  private parsed(alarm: CloudAlarmCreate): CloudAlarmCreate {
    this.caller();
    const parsed = cloudAlarmCreateSchema.safeParse(alarm);
    if (!parsed.success) throw new CloudRequestError(400, describeZodError(parsed.error));
    return parsed.data;
  }

  private stored(body: CloudAlarmCreate): CloudAlarm {
    return this.scheduled({
      id: `cloud-${this.nextId++}`,
      yoto_user_id: this.caller(),
      yoto_device_id: body.yoto_device_id,
      device_name: body.device_name,
      alarm_name:
        body.alarm_name || defaultCloudAlarmName(body.alarm_type, body.hour, body.minute, body.playlist_name),
      alarm_type: body.alarm_type,
      playlist_id: body.playlist_id,
      playlist_name: body.playlist_name,
      hour: body.hour,
      minute: body.minute,
      days: body.days,
      volume: body.volume,
      is_enabled: body.is_enabled,
      fade_in_minutes: body.fade_in_minutes ?? null,
      sleep_timer_minutes: body.sleep_timer_minutes ?? null,
      night_light: body.night_light ?? null,
      next_fire_at: null,
      last_fired_at: null,
      last_outcome: null,
      last_outcome_at: null,
      skip_until: null,
      paused_through: null,
      created_at: AT,
      updated_at: AT,
    });
  }

  private scheduled(alarm: CloudAlarm): CloudAlarm {
    const at = nextFireAt(alarm, this.now(), this.user?.timezone);
    return { ...alarm, next_fire_at: at ? at.toISOString() : null };
  }

  private caller(): string {
    if (!this.userId) throw new CloudRequestError(null, MESSAGES.userNotAuthenticated);
    return this.userId;
  }

  /** Answers after a turn of the event loop, as a network call would. */
  private async run<T>(name: keyof CloudSource, work: () => T): Promise<T> {
    this.calls.push(name);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const failure = this.failing.get(name);
    if (failure) throw new CloudRequestError(500, failure);
    return work();
  }
}

/** A Map-backed Web Storage stand-in. */
export class MemoryStore {
  private readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
}
