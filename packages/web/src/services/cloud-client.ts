import type * as z from 'zod/mini';
import {
  cloudAlarmAnswer,
  cloudAlarmListAnswer,
  cloudDeviceAnswer,
  cloudUserAnswer,
  deletedAnswer,
  triggerAnswer,
} from '@playlist-alarms/core/cloud/cloud-answers';
import {
  alarmHoldChangeAnswer,
  alarmHoldListAnswer,
  type AlarmHold,
  type AlarmHoldChangeAnswer,
} from '@playlist-alarms/core/alarms/alarm-hold-answers';
import type { AlarmHoldRequest } from '@playlist-alarms/core/alarms/alarm-hold-view';
import {
  historyPageAnswer,
  observedPlayPageAnswer,
  type HistoryPageAnswer,
  type ObservedPlayPageAnswer,
} from '@playlist-alarms/core/cloud/alarm-history-answers';
import type { ObservedPlayRequest } from '@playlist-alarms/core/alarms/observed-play';
import type { TriggerAnswer } from '@playlist-alarms/core/alarms/alarm-scheduler';
import type { SkipPauseChange } from '@playlist-alarms/core/alarms/skip-pause';
import type {
  CloudAlarm,
  CloudAlarmCreate,
  CloudAlarmList,
  CloudAlarmType,
  CloudAlarmUpdate,
  CloudDeviceRecord,
  CloudUserRecord,
} from '@playlist-alarms/core/cloud/cloud-schemas';
import { MESSAGES, httpErrorMessage } from '@playlist-alarms/core/texts/messages';

/** What the UI sends of the user (POST /api/users); tokens are never sent. */
export interface CloudUserProfile {
  email?: string | null;
  name?: string | null;
  timezone?: string | null;
}

export interface CloudDeviceInput {
  yoto_device_id: string;
  device_name: string;
  device_type: string;
}

/** The own backend's cloud alarm API as the UI uses it; the caller is the credential's user. */
export interface CloudSource {
  /** GET /api/health: true when the backend answers 200. */
  isHealthy(): Promise<boolean>;
  saveUser(profile: CloudUserProfile): Promise<CloudUserRecord>;
  saveDevice(device: CloudDeviceInput): Promise<CloudDeviceRecord>;
  listAlarms(): Promise<CloudAlarmList>;
  /** POST /api/alarms: a new alarm (refused with 409 at the account's cap). */
  createAlarm(alarm: CloudAlarmCreate): Promise<CloudAlarm>;
  /** PUT /api/alarms/{id}: some fields of one alarm (its on/off, or the dialog's every field). */
  updateAlarm(id: string, patch: CloudAlarmUpdate): Promise<CloudAlarm>;
  /** POST /api/alarms/{id}/skip, /pause or /resume: "Skip next", "Pause until…", "Resume". */
  markAlarm(id: string, change: SkipPauseChange): Promise<CloudAlarm>;
  /** POST /api/alarms/by-type: the upload, replacing the alarm of its type. */
  replaceAlarmOfType(alarm: CloudAlarmCreate): Promise<CloudAlarm>;
  /** Each delete answers how many alarms it removed. */
  deleteAlarm(id: string): Promise<number>;
  deleteAlarmsOfType(type: CloudAlarmType): Promise<number>;
  deleteAllAlarms(): Promise<number>;
  /**
   * POST /api/alarms/{id}/trigger at the alarm's time: the server fires it unless its own timer (or
   * another tab or replica) already did (409). Never throws: a failure is an answer too.
   */
  triggerAlarm(id: string, dueAt: string): Promise<TriggerAnswer>;
}

/**
 * The own backend's holds of a player's alarms (GET and POST /api/devices/{id}/alarm-holds): "Skip
 * next", "Pause until…" and "Resume" of an alarm the player keeps. The cloud client serves them,
 * so their code loads with it rather than before the first view.
 */
export interface AlarmHoldsSource {
  /** Every hold of the player. */
  listAlarmHolds(deviceId: string): Promise<AlarmHold[]>;
  /** Skips, pauses or resumes one alarm; answers every hold and the player's alarm strings after it. */
  changeAlarmHold(deviceId: string, request: AlarmHoldRequest): Promise<AlarmHoldChangeAnswer>;
}

/** A player's alarm history (GET /api/devices/{id}/history), served by the cloud client too. */
export interface AlarmHistorySource {
  /** One page, newest first; `before` is the previous page's next_before. */
  alarmHistory(deviceId: string, page: { before: string | null; limit: number }): Promise<HistoryPageAnswer>;
  /** This page saw one of the player's own alarms play (POST …/history/observed; idempotent). */
  recordObservedPlay(deviceId: string, request: ObservedPlayRequest): Promise<ObservedPlayPageAnswer>;
}

/** A failed backend call; its message is the server's `error`, else "HTTP {status}: {statusText}". */
export class CloudRequestError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'CloudRequestError';
  }
}

interface CloudClientOptions {
  /** The backend's base URL ('' for the same origin). */
  baseUrl: string;
  /**
   * The one place the caller's credential is attached (the session cookie in the browser).
   * Null when nobody is signed in.
   */
  authorize: (init: RequestInit) => Promise<RequestInit | null>;
  /** The backend refused the credential (401): the session may have ended elsewhere. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

/**
 * The server-held session's cookie: HttpOnly, so the browser attaches it; no Authorization header.
 * Unsafe methods carry the page's Origin, which the server checks against its own.
 */
export const cookieAuthorizer = (init: RequestInit): Promise<RequestInit | null> =>
  Promise.resolve({ ...init, credentials: 'same-origin' });

export class CloudClient implements CloudSource, AlarmHoldsSource, AlarmHistorySource {
  private readonly fetch: typeof fetch;

  constructor(private readonly options: CloudClientOptions) {
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  async isHealthy(): Promise<boolean> {
    try {
      const response = await this.fetch(`${this.options.baseUrl}/api/health`);
      await response.body?.cancel();
      return response.ok;
    } catch {
      return false;
    }
  }

  saveUser(profile: CloudUserProfile): Promise<CloudUserRecord> {
    return this.call('POST', '/api/users', cloudUserAnswer, profile);
  }

  saveDevice(device: CloudDeviceInput): Promise<CloudDeviceRecord> {
    return this.call('POST', '/api/devices', cloudDeviceAnswer, device);
  }

  listAlarms(): Promise<CloudAlarmList> {
    return this.call('GET', '/api/alarms', cloudAlarmListAnswer);
  }

  createAlarm(alarm: CloudAlarmCreate): Promise<CloudAlarm> {
    return this.call('POST', '/api/alarms', cloudAlarmAnswer, alarm);
  }

  updateAlarm(id: string, patch: CloudAlarmUpdate): Promise<CloudAlarm> {
    return this.call('PUT', `/api/alarms/${encodeURIComponent(id)}`, cloudAlarmAnswer, patch);
  }

  markAlarm(id: string, change: SkipPauseChange): Promise<CloudAlarm> {
    const { action, ...body } = change;
    return this.call('POST', `/api/alarms/${encodeURIComponent(id)}/${action}`, cloudAlarmAnswer, body);
  }

  replaceAlarmOfType(alarm: CloudAlarmCreate): Promise<CloudAlarm> {
    return this.call('POST', '/api/alarms/by-type', cloudAlarmAnswer, alarm);
  }

  async deleteAlarm(id: string): Promise<number> {
    return (await this.call('DELETE', `/api/alarms/${encodeURIComponent(id)}`, deletedAnswer)).deleted;
  }

  async deleteAlarmsOfType(type: CloudAlarmType): Promise<number> {
    return (await this.call('DELETE', `/api/alarms/by-type/${type}`, deletedAnswer)).deleted;
  }

  async deleteAllAlarms(): Promise<number> {
    return (await this.call('POST', '/api/alarms/delete-all', deletedAnswer, {})).deleted;
  }

  async triggerAlarm(id: string, dueAt: string): Promise<TriggerAnswer> {
    try {
      const fired = await this.call('POST', `/api/alarms/${encodeURIComponent(id)}/trigger`, triggerAnswer, {
        due_at: dueAt,
      });
      return { status: 'fired', outcome: fired.outcome, detail: null };
    } catch (error) {
      if (error instanceof CloudRequestError && error.status === 409) return { status: 'already-fired' };
      return { status: 'refused', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  async listAlarmHolds(deviceId: string): Promise<AlarmHold[]> {
    return (await this.call('GET', holdsPath(deviceId), alarmHoldListAnswer)).holds;
  }

  changeAlarmHold(deviceId: string, request: AlarmHoldRequest): Promise<AlarmHoldChangeAnswer> {
    return this.call('POST', holdsPath(deviceId), alarmHoldChangeAnswer, request);
  }

  alarmHistory(deviceId: string, page: { before: string | null; limit: number }): Promise<HistoryPageAnswer> {
    const query = new URLSearchParams({ limit: String(page.limit) });
    if (page.before !== null) query.set('before', page.before);
    const path = `/api/devices/${encodeURIComponent(deviceId)}/history?${query.toString()}`;
    return this.call('GET', path, historyPageAnswer);
  }

  recordObservedPlay(deviceId: string, request: ObservedPlayRequest): Promise<ObservedPlayPageAnswer> {
    const path = `/api/devices/${encodeURIComponent(deviceId)}/history/observed`;
    return this.call('POST', path, observedPlayPageAnswer, request);
  }

  private async call<T>(method: string, path: string, schema: z.ZodMiniType<T>, body?: unknown): Promise<T> {
    const init = await this.options.authorize({
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (!init) throw new CloudRequestError(null, MESSAGES.userNotAuthenticated);
    const response = await this.fetch(`${this.options.baseUrl}${path}`, init);
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      if (response.status === 401) this.options.onUnauthorized?.();
      throw new CloudRequestError(
        response.status,
        httpErrorMessage(response.status, response.statusText, payload),
      );
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      throw new CloudRequestError(response.status, `unexpected answer from ${method} ${path}`);
    }
    return parsed.data;
  }
}

const holdsPath = (deviceId: string) => `/api/devices/${encodeURIComponent(deviceId)}/alarm-holds`;
