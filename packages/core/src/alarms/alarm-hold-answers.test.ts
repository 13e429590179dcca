import { describe, expect, it } from 'vitest';
import { SKIPPED_HOLD } from '../../test/fixtures/alarm-holds';
import { alarmHoldChangeAnswer, alarmHoldListAnswer } from './alarm-hold-answers';
import { alarmHoldChangeAnswerSchema, alarmHoldsAnswerSchema } from './alarm-hold-schemas';

const hold = SKIPPED_HOLD;

describe("the web app's checks of the alarm-holds answers", () => {
  it.each([
    [
      'GET',
      alarmHoldsAnswerSchema,
      alarmHoldListAnswer,
      { holds: [hold, { ...hold, state: 'awaiting-player' }] },
    ],
    ['POST', alarmHoldChangeAnswerSchema, alarmHoldChangeAnswer, { holds: [hold], alarms: [hold.alarm] }],
  ] as const)(
    "%s: the server's schema and the page's read an answer alike",
    (_route, server, web, sample) => {
      expect(web.parse(sample)).toEqual(server.parse(sample));
      const bad = { ...sample, holds: [{ ...hold, skip_until: 5 }] };
      expect(web.safeParse(bad).success).toBe(false);
      expect(server.safeParse(bad).success).toBe(false);
    },
  );

  it('reads a list of holds and a change answer as sent', () => {
    expect(alarmHoldListAnswer.parse({ holds: [hold] })).toEqual({ holds: [hold] });
    const changed = { holds: [], alarms: ['1111111,0700,card-1,,,6,1'] };
    expect(alarmHoldChangeAnswer.parse(changed)).toEqual(changed);
  });

  it('refuses an answer with a field missing, of a wrong type, or an unknown state', () => {
    const { time_zone: _zone, ...noZone } = hold;
    expect(alarmHoldListAnswer.safeParse({ holds: [noZone] }).success).toBe(false);
    expect(alarmHoldListAnswer.safeParse({ holds: [{ ...hold, paused_through: 3 }] }).success).toBe(false);
    expect(alarmHoldListAnswer.safeParse({ holds: [{ ...hold, state: 'done' }] }).success).toBe(false);
    expect(alarmHoldChangeAnswer.safeParse({ holds: [hold] }).success).toBe(false);
  });
});
