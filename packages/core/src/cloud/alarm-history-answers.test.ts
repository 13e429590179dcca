import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { historyPageAnswer, observedPlayPageAnswer } from './alarm-history-answers';
import { observedPlayAnswerSchema } from '../alarms/observed-play-schemas';
import { historyAnswerSchema, historyQuerySchema } from './alarm-history-schemas';
import { encodeHistoryCursor } from './alarm-history';

const answer = {
  entries: [
    {
      id: 'c:a@2026-08-03T06:00:00.000Z',
      source: 'cloud',
      alarm_name: 'School days',
      alarm_type: 'wakeup',
      due_at: '2026-08-03T06:00:00.000Z',
      outcome: 'played',
      played_at: '2026-08-03T06:00:01.000Z',
      faded: true,
      alarm_deleted: false,
    },
    {
      id: 'd:0700@2026-08-02T06:00:00.000Z',
      source: 'device',
      alarm_name: 'alarm at 07:00',
      alarm_type: null,
      due_at: '2026-08-02T06:00:00.000Z',
      outcome: 'skipped',
      played_at: null,
      faded: false,
      alarm_deleted: false,
    },
  ],
  next_before: 'abc',
};

describe('the history answer, server and page alike', () => {
  it('both read the same answer the same way', () => {
    expect(zm.parse(historyPageAnswer, answer)).toEqual(historyAnswerSchema.parse(answer));
  });

  it('both refuse an outcome the history does not know', () => {
    const bad = { ...answer, entries: [{ ...answer.entries[0], outcome: 'exploded' }] };
    expect(historyAnswerSchema.safeParse(bad).success).toBe(false);
    expect(zm.safeParse(historyPageAnswer, bad).success).toBe(false);
  });

  it('the page’s schema names the same fields as the server’s', () => {
    const serverKeys = Object.keys(
      z.toJSONSchema(historyAnswerSchema.shape.entries.element).properties ?? {},
    );
    expect(Object.keys(historyPageAnswer.def.shape.entries.def.element.def.shape).sort()).toEqual(
      serverKeys.sort(),
    );
  });
});

describe('the observed play answer, server and page alike', () => {
  it('both read { recorded } and refuse anything else', () => {
    for (const recorded of [true, false])
      expect(zm.parse(observedPlayPageAnswer, { recorded })).toEqual(
        observedPlayAnswerSchema.parse({ recorded }),
      );
    expect(zm.safeParse(observedPlayPageAnswer, { recorded: 'yes' }).success).toBe(false);
    expect(observedPlayAnswerSchema.safeParse({ recorded: 'yes' }).success).toBe(false);
  });
});

describe('the history query', () => {
  it('takes a cursor it made and a limit, 20 by default', () => {
    const before = encodeHistoryCursor({ dueAt: '2026-08-03T06:00:00.000Z', id: 'c:a' });
    expect(historyQuerySchema.parse({ before, limit: '5' })).toEqual({ before, limit: 5 });
    expect(historyQuerySchema.parse({})).toEqual({ limit: 20 });
  });

  it.each([
    [{ limit: '0' }, 'limit must be a whole number from 1 to 100'],
    [{ limit: '101' }, 'limit must be a whole number from 1 to 100'],
    [{ limit: '2.5' }, 'limit must be a whole number from 1 to 100'],
    [{ limit: 'many' }, 'limit must be a whole number from 1 to 100'],
    [{ before: 'not a cursor!' }, 'before must be a cursor from an earlier page of the history'],
  ])('refuses %j with “%s”', (query, message) => {
    const result = historyQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
