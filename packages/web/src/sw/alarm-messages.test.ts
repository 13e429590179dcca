// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseIncoming } from './alarm-messages';
import type { SyncAlarms, SyncedAlarm } from './alarm-messages';

const EVERY_DAY = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

const alarm = (id: string, hour: number, minute: number, extra: Partial<SyncedAlarm> = {}): SyncedAlarm => ({
  id,
  source: 'device',
  deviceId: 'dev-1',
  hour,
  minute,
  days: [...EVERY_DAY],
  cardId: 'card-1',
  ...extra,
});

const sync = (alarms: SyncedAlarm[], extra: Partial<SyncAlarms> = {}): SyncAlarms => ({
  type: 'SYNC_ALARMS',
  timeZone: 'UTC',
  alarms,
  devices: [{ deviceId: 'dev-1', name: 'Bedroom Player' }],
  playlists: [{ cardId: 'card-1', title: 'Morning Songs' }],
  ...extra,
});

describe('parseIncoming', () => {
  it('reads a SYNC_ALARMS message', () => {
    const parsed = parseIncoming(sync([alarm('alarm_0', 7, 0)]));
    expect(parsed).toMatchObject({ ok: true, message: { type: 'SYNC_ALARMS', alarms: [{ id: 'alarm_0' }] } });
  });

  it('reads the update acceptance', () => {
    expect(parseIncoming({ type: 'SKIP_WAITING' })).toEqual({ ok: true, message: { type: 'SKIP_WAITING' } });
  });

  it('names what is wrong with a malformed message', () => {
    const parsed = parseIncoming({ ...sync([alarm('alarm_0', 25, 0)]) });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error).toMatch(/^Unreadable service worker message: alarms\.0\.hour: /);
  });

  it('refuses an unknown type and a non-object', () => {
    expect(parseIncoming({ type: 'RING_NOW' }).ok).toBe(false);
    expect(parseIncoming('SYNC_ALARMS').ok).toBe(false);
    expect(parseIncoming(null).ok).toBe(false);
  });
});
