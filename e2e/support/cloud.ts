import type { Page } from '@playwright/test';
import { z } from 'zod';
import { wallClock } from '@playlist-alarms/core/alarms/local-time';
import { browserTimeZone } from './quiet-zone';
import { appUrl, knobs } from './stack';

// The backend's cloud alarm API as the demo parent sees it, read and cleared with the same bearer
// token the app sends (a sandbox-issued token of the demo account). The demo family's second parent
// (demo-2) sees the same family's alarms; `clear` empties both parents' own.

const cloudListSchema = z.object({
  alarms: z.array(
    z.looseObject({
      alarm_type: z.string(),
      alarm_name: z.string(),
      days: z.string(),
      hour: z.number(),
      minute: z.number(),
      volume: z.number(),
      is_enabled: z.boolean(),
      playlist_id: z.string(),
      yoto_device_id: z.string(),
      next_fire_at: z.string().nullable(),
      skip_until: z.string().nullable(),
      paused_through: z.string().nullable(),
      id: z.string(),
      yoto_user_id: z.string(),
      last_outcome: z.string().nullable(),
    }),
  ),
});

type Parent = 'demo' | 'demo-2';
const tokenOf = async (parent: Parent): Promise<string> => (await knobs.tokens(parent)).access_token;

async function call(method: string, path: string, body?: unknown, parent: Parent = 'demo'): Promise<unknown> {
  const headers: Record<string, string> = { authorization: `Bearer ${await tokenOf(parent)}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${appUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

export const cloud = {
  /** GET /api/alarms as a parent of the demo family (the demo parent unless told). */
  alarms: async (parent: Parent = 'demo') =>
    cloudListSchema.parse(await call('GET', '/api/alarms', undefined, parent)).alarms,
  clear: async () => {
    await call('DELETE', '/api/alarms/clear-all');
    await call('DELETE', '/api/alarms/clear-all', undefined, 'demo-2');
  },
  /** POST /api/alarms as the demo parent (fields as in the API docs). */
  create: (alarm: Record<string, unknown>) => call('POST', '/api/alarms', alarm),
  /** POST /api/users: the household's time zone, which cloud alarms ring in. */
  setZone: (timezone: string) => call('POST', '/api/users', { timezone }),
};

/**
 * A cloud alarm of the demo parent's Bedroom Player for the next whole minute at least 20 s away
 * in the browser's time zone, as the app keeps it, made with the page's own credential, its session
 * cookie and Origin, as the app's calls go. Returns when it is due.
 */
export async function cloudAlarmNextMinute(
  page: Page,
  cardId: string,
  alarmName: string,
  /** More fields of the alarm (its volume, its extras). */
  extra: Record<string, unknown> = {},
): Promise<Date> {
  const due = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
  const timezone = await browserTimeZone(page);
  const { hour, minute } = wallClock(due, timezone);
  const headers = { origin: appUrl };
  const user = await page.request.post('/api/users', { headers, data: { timezone } });
  if (user.status() !== 200) throw new Error(`POST /api/users: HTTP ${user.status()}`);
  const created = await page.request.post('/api/alarms', {
    headers,
    data: {
      yoto_device_id: 'demo-player-1',
      device_name: 'Bedroom Player',
      alarm_type: 'wakeup',
      alarm_name: alarmName,
      playlist_id: cardId,
      hour,
      minute,
      days: '1111111',
      volume: 6,
      ...extra,
    },
  });
  if (created.status() !== 201)
    throw new Error(`POST /api/alarms: HTTP ${created.status()} ${await created.text()}`);
  return due;
}
