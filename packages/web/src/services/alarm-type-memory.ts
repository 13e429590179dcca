import type { AlarmType } from '@playlist-alarms/core/shared/entities';
import { ALARM_TYPES } from '@playlist-alarms/core/shared/constants';

/** The part of Web Storage the memory needs (localStorage in the browser, a Map-backed twin in tests). */
interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const STORAGE_KEY = 'playlist-alarms.alarm-types';

/**
 * The alarm type a parent chose in the Create Alarm dialog, per device alarm (core's alarmTypeKey).
 * A device alarm string has no type field, so without this the choice would be lost; the cloud
 * upload's "Choose Alarm Type" starts from it. Kept in the browser, so it survives a reload.
 */
export class AlarmTypeMemory {
  constructor(private readonly store: KeyValueStore) {}

  get(key: string): AlarmType | null {
    const value = this.read()[key];
    return ALARM_TYPES.find((type) => type === value) ?? null;
  }

  set(key: string, type: AlarmType): void {
    try {
      this.store.setItem(STORAGE_KEY, JSON.stringify({ ...this.read(), [key]: type }));
    } catch {
      // A full or blocked storage only loses the hint; the upload still asks for the type.
    }
  }

  private read(): Record<string, unknown> {
    try {
      const parsed: unknown = JSON.parse(this.store.getItem(STORAGE_KEY) ?? '{}');
      return typeof parsed === 'object' && parsed !== null ? { ...parsed } : {};
    } catch {
      return {};
    }
  }
}
