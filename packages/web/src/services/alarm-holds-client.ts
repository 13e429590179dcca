import type * as z from 'zod/mini';
import {
  alarmHoldChangeAnswer,
  alarmHoldListAnswer,
  type AlarmHold,
  type AlarmHoldChangeAnswer,
} from '@playlist-alarms/core/alarms/alarm-hold-answers';
import type { AlarmHoldRequest } from '@playlist-alarms/core/alarms/alarm-hold-view';
import { httpErrorMessage } from '@playlist-alarms/core/texts/messages';

// The own backend's holds of a player's alarms (GET and POST /api/devices/{id}/alarm-holds):
// "Skip next", "Pause until…" and "Resume" of an alarm the player keeps; the session cookie says whose.

export interface AlarmHoldsSource {
  /** Every hold of the player. */
  list(deviceId: string): Promise<AlarmHold[]>;
  /** Skips, pauses or resumes one alarm; answers every hold and the player's alarm strings after it. */
  change(deviceId: string, request: AlarmHoldRequest): Promise<AlarmHoldChangeAnswer>;
}

export class AlarmHoldsClient implements AlarmHoldsSource {
  constructor(
    private readonly baseUrl: string,
    private readonly fetcher: typeof fetch = (input, init) => globalThis.fetch(input, init),
  ) {}

  async list(deviceId: string): Promise<AlarmHold[]> {
    return (await this.call('GET', deviceId, alarmHoldListAnswer)).holds;
  }

  change(deviceId: string, request: AlarmHoldRequest): Promise<AlarmHoldChangeAnswer> {
    return this.call('POST', deviceId, alarmHoldChangeAnswer, request);
  }

  private async call<T>(
    method: string,
    deviceId: string,
    schema: z.ZodMiniType<T>,
    body?: unknown,
  ): Promise<T> {
    const path = `/api/devices/${encodeURIComponent(deviceId)}/alarm-holds`;
    // The session cookie is HttpOnly: the browser attaches it (same origin); the server checks Origin.
    const response = await this.fetcher(`${this.baseUrl}${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw new Error(httpErrorMessage(response.status, response.statusText, payload));
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new Error(`Unexpected answer from ${method} ${path}`);
    return parsed.data;
  }
}
