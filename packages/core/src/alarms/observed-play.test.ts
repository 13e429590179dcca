import { describe, expect, it } from 'vitest';
import { parseAlarm } from './alarm-codec';
import { observedPlayBodySchema } from './observed-play-schemas';
import {
  OBSERVED_PLAY_TEXTS as T,
  checkObservedPlay,
  observationZone,
  observedRinging,
  playMeetsSilenced,
} from './observed-play';

// Every day at 01:30 (London's clock changes happen around it), and weekdays at 07:00.
const NIGHTLY = '1111111,0130,card-night,,,6,1';
const WEEKDAYS = '1111100,0700,card-1,,,6,1';
const LIST = [WEEKDAYS, '0000011,0900,card-2,,,5,0', NIGHTLY];
const LONDON = 'Europe/London';
const at = (iso: string) => new Date(iso);
const alarm = (raw: string, index = 0) => {
  const parsed = parseAlarm(raw, index);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.alarm;
};
const check = (over: Partial<Parameters<typeof checkObservedPlay>[0]> = {}) =>
  checkObservedPlay({
    list: LIST,
    alarm: WEEKDAYS,
    dueAt: at('2026-08-04T06:00:00.000Z'), // Tuesday 07:00 BST
    startedAt: at('2026-08-04T06:00:04.000Z'),
    now: at('2026-08-04T06:00:05.000Z'),
    timeZone: LONDON,
    ...over,
  });

describe('an observed play of a player alarm', () => {
  it('takes a ringing of an alarm in the list, its card started within the window', () => {
    expect(check()).toMatchObject({ ok: true, dueAt: at('2026-08-04T06:00:00.000Z') });
    expect(check({ startedAt: at('2026-08-04T05:59:00.000Z') }).ok).toBe(true);
    expect(check({ startedAt: at('2026-08-04T06:10:00.000Z'), now: at('2026-08-04T06:10:01.000Z') }).ok).toBe(
      true,
    );
    // Seen a while ago, sent within the hour (a page that was offline for a bit).
    expect(check({ now: at('2026-08-04T06:59:00.000Z') }).ok).toBe(true);
  });

  it('refuses an alarm not in the list, off, or a time that is not its ringing', () => {
    expect(check({ alarm: '1111100,0700,card-1,,,7,1' })).toEqual({ ok: false, error: T.notInList });
    // The weekend alarm is switched off: it has no ringing.
    expect(
      check({
        alarm: '0000011,0900,card-2,,,5,0',
        dueAt: at('2026-08-08T08:00:00.000Z'),
        startedAt: at('2026-08-08T08:00:01.000Z'),
        now: at('2026-08-08T08:00:02.000Z'),
      }),
    ).toEqual({ ok: false, error: T.notARinging });
    // 07:00 UTC is 08:00 in London: not the alarm's minute in the player's zone.
    expect(
      check({
        dueAt: at('2026-08-04T07:00:00.000Z'),
        startedAt: at('2026-08-04T07:00:01.000Z'),
        now: at('2026-08-04T07:00:02.000Z'),
      }),
    ).toEqual({ ok: false, error: T.notARinging });
    // Saturday is not a weekday.
    expect(
      check({
        dueAt: at('2026-08-08T06:00:00.000Z'),
        startedAt: at('2026-08-08T06:00:01.000Z'),
        now: at('2026-08-08T06:00:02.000Z'),
      }),
    ).toEqual({ ok: false, error: T.notARinging });
  });

  it('refuses a ringing older than an hour or not yet come, and a start outside the window', () => {
    expect(check({ now: at('2026-08-04T07:00:01.000Z') })).toEqual({ ok: false, error: T.tooOld });
    expect(check({ now: at('2026-08-04T05:58:00.000Z'), startedAt: at('2026-08-04T05:58:00.000Z') })).toEqual(
      {
        ok: false,
        error: T.notYet,
      },
    );
    expect(check({ startedAt: at('2026-08-04T05:58:59.000Z') })).toEqual({
      ok: false,
      error: T.startOutside,
    });
    expect(check({ startedAt: at('2026-08-04T06:10:01.000Z'), now: at('2026-08-04T06:20:00.000Z') })).toEqual(
      {
        ok: false,
        error: T.startOutside,
      },
    );
  });

  it('in autumn, the 01:30 shown twice rings once: at its first showing (BST)', () => {
    const first = { dueAt: at('2026-10-25T00:30:00.000Z'), startedAt: at('2026-10-25T00:30:02.000Z') };
    expect(check({ alarm: NIGHTLY, ...first, now: at('2026-10-25T00:31:00.000Z') }).ok).toBe(true);
    expect(
      check({
        alarm: NIGHTLY,
        dueAt: at('2026-10-25T01:30:00.000Z'),
        startedAt: at('2026-10-25T01:30:02.000Z'),
        now: at('2026-10-25T01:31:00.000Z'),
      }),
    ).toEqual({ ok: false, error: T.notARinging });
  });

  it('in spring, 01:30 does not show: it rings as the clocks jump (01:00 UTC)', () => {
    expect(
      check({
        alarm: NIGHTLY,
        dueAt: at('2026-03-29T01:00:00.000Z'),
        startedAt: at('2026-03-29T01:00:03.000Z'),
        now: at('2026-03-29T01:01:00.000Z'),
      }).ok,
    ).toBe(true);
    expect(
      check({
        alarm: NIGHTLY,
        dueAt: at('2026-03-29T01:30:00.000Z'),
        startedAt: at('2026-03-29T01:30:03.000Z'),
        now: at('2026-03-29T01:31:00.000Z'),
      }),
    ).toEqual({ ok: false, error: T.notARinging });
  });

  it('the page finds the ringing a card start belongs to, by card and window', () => {
    const alarms = LIST.map(alarm);
    expect(observedRinging(alarms, 'card-1', at('2026-08-04T06:03:00.000Z'), LONDON)).toMatchObject({
      alarm: { raw: WEEKDAYS },
      dueAt: at('2026-08-04T06:00:00.000Z'),
    });
    expect(observedRinging(alarms, 'card-1', at('2026-08-04T05:59:30.000Z'), LONDON)?.dueAt).toEqual(
      at('2026-08-04T06:00:00.000Z'),
    );
    expect(observedRinging(alarms, 'card-1', at('2026-08-04T06:10:01.000Z'), LONDON)).toBeNull();
    expect(observedRinging(alarms, 'card-2', at('2026-08-08T08:00:10.000Z'), LONDON)).toBeNull(); // off
    expect(observedRinging(alarms, 'card-x', at('2026-08-04T06:00:10.000Z'), LONDON)).toBeNull();
    expect(observedRinging(alarms, 'card-night', at('2026-03-29T01:00:20.000Z'), LONDON)?.dueAt).toEqual(
      at('2026-03-29T01:00:00.000Z'),
    );
  });

  it('a play meets a silenced ringing of the same alarm at the same instant only', () => {
    const dueAt = '2026-08-04T06:00:00.000Z';
    const held = { alarm: '1111100,0700,card-1,,,6,0', due_at: dueAt };
    expect(playMeetsSilenced({ alarm: WEEKDAYS, due_at: dueAt }, held)).toBe(true);
    expect(playMeetsSilenced({ alarm: WEEKDAYS, due_at: '2026-08-05T06:00:00.000Z' }, held)).toBe(false);
    expect(playMeetsSilenced({ alarm: '1111100,0700,card-2,,,6,1', due_at: dueAt }, held)).toBe(false);
    expect(playMeetsSilenced({ alarm: 'not an alarm', due_at: dueAt }, held)).toBe(false);
  });

  it('the body names the alarm and two instants, nothing else', () => {
    const body = { alarm: WEEKDAYS, due_at: '2026-08-04T06:00:00.000Z', started_at: '2026-08-04T06:00:04Z' };
    expect(observedPlayBodySchema.safeParse(body).success).toBe(true);
    expect(observedPlayBodySchema.safeParse({ ...body, extra: 1 }).success).toBe(false);
    expect(observedPlayBodySchema.safeParse({ ...body, due_at: 'tomorrow' }).error?.issues[0]?.message).toBe(
      'due_at must be an ISO 8601 instant',
    );
  });
});

describe('the zone an observation is checked in', () => {
  const parent = () => Promise.resolve('Europe/London');
  it('is the player’s own, whatever the page says', async () => {
    expect(await observationZone({ player: 'Asia/Tokyo', page: 'America/New_York', parent })).toBe(
      'Asia/Tokyo',
    );
  });
  it('is the page’s for a player without one (where the page showed and scheduled the alarm)', async () => {
    expect(await observationZone({ player: undefined, page: 'America/New_York', parent })).toBe(
      'America/New_York',
    );
    expect(await observationZone({ player: 'Not/AZone', page: 'America/New_York', parent })).toBe(
      'America/New_York',
    );
  });
  it('is the parent’s when neither says', async () => {
    expect(await observationZone({ player: null, page: undefined, parent })).toBe('Europe/London');
  });
});

describe('the observation body', () => {
  const body = {
    alarm: '1111111,0700,card1,,,5,1',
    due_at: '2026-08-04T06:00:00.000Z',
    started_at: '2026-08-04T06:00:04.000Z',
  };
  it('takes an IANA zone, or none', () => {
    expect(observedPlayBodySchema.safeParse({ ...body, time_zone: 'Europe/Paris' }).success).toBe(true);
    expect(observedPlayBodySchema.safeParse(body).success).toBe(true);
  });
  it('refuses a zone that is not one, saying so', () => {
    const parsed = observedPlayBodySchema.safeParse({ ...body, time_zone: 'Mars/Olympus' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'time_zone must be an IANA time zone such as Europe/London',
    );
  });
});
