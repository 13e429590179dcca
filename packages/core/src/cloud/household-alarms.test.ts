import { describe, expect, it } from 'vitest';
import { SET_BY_ANOTHER_PARENT, ownAlarmCount, setByLine } from './household-alarms';

const mine = { yoto_user_id: 'auth0|me' };
const partners = { yoto_user_id: 'auth0|partner' };

describe('household alarms', () => {
  it('counts the user’s own alarms toward the cap, every alarm while the user is unknown', () => {
    expect(ownAlarmCount([mine, partners, mine], 'auth0|me')).toBe(2);
    expect(ownAlarmCount([partners], 'auth0|me')).toBe(0);
    expect(ownAlarmCount([mine, partners], undefined)).toBe(2);
  });

  it('notes an alarm another parent set, not the user’s own', () => {
    expect(setByLine(partners, 'auth0|me')).toBe(SET_BY_ANOTHER_PARENT);
    expect(setByLine(mine, 'auth0|me')).toBeNull();
    expect(setByLine(partners, undefined)).toBeNull();
  });
});
