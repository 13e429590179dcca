import { describe, expect, it } from 'vitest';
import { historyOutcomeText, historyRow, latenessText } from './alarm-history-view';

const played = {
  id: 'c:a@2026-08-03T06:00:00.000Z',
  source: 'cloud' as const,
  alarm_name: 'School days',
  due_at: '2026-08-03T06:00:00.000Z',
  outcome: 'played' as const,
  played_at: '2026-08-03T06:00:03.400Z',
  faded: false,
  alarm_deleted: false,
};

describe('the alarm history’s words', () => {
  it.each([
    [0, 'on time'],
    [-2000, 'on time'],
    [999, 'on time'],
    [3400, '3 s late'],
    [59_999, '59 s late'],
    [60_000, '1 min late'],
    [185_000, '3 min late'],
  ])('%i ms late reads “%s”', (ms, words) => {
    expect(latenessText(ms)).toBe(words);
  });

  it('says how late a played ringing was, with its fade-in, or just “Played” when not recorded', () => {
    expect(historyOutcomeText(played)).toBe('Played, 3 s late');
    expect(historyOutcomeText({ ...played, faded: true })).toBe('Played with a fade-in, 3 s late');
    expect(historyOutcomeText({ ...played, played_at: null })).toBe('Played');
  });

  it.each([
    ['skipped', 'Skipped'],
    ['paused', 'Paused'],
    ['player-offline', 'The player was off'],
    ['missed', 'Missed (the server was down)'],
    ['failed', 'Failed'],
    ['no-response', 'The player did not answer'],
    ['in-progress', 'Ringing now'],
  ] as const)('says %s as “%s”', (outcome, words) => {
    expect(historyOutcomeText({ ...played, outcome, played_at: null })).toBe(words);
  });

  it('shows the time in the player’s zone, the source, and a deleted alarm as such', () => {
    expect(historyRow(played, 'Europe/London')).toEqual({
      key: played.id,
      when: 'Mon 3 Aug, 07:00',
      alarm: 'School days',
      source: 'Cloud alarm',
      outcome: 'Played, 3 s late',
      rang: true,
    });
    const gone = historyRow(
      { ...played, source: 'device', alarm_deleted: true, outcome: 'missed' },
      'America/New_York',
    );
    expect(gone).toMatchObject({
      when: 'Mon 3 Aug, 02:00',
      alarm: 'School days (deleted since)',
      source: 'Player alarm',
      rang: false,
    });
  });
});
