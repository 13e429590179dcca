import { INTRUDER, OWNER, type ApiRequest, type OwnerObjects } from './two-user-world';

// The words of the two-user matrix (object-route-matrix.ts): what B's attempt on A's object is, what
// B's probe of its own account is, and the ids and fields B tries.

/** B naming A's object: must answer `expect` with `{ error }` and change nothing. */
export interface Attempt extends ApiRequest {
  what: string;
  expect: 403 | 404;
}

/** B acting on its own (empty) account, with A's ids where the route ignores them: A stays untouched. */
export interface OwnScopeProbe extends ApiRequest {
  what: string;
  expect: { status: number; body: unknown };
}

export type Coverage =
  | { kind: 'object'; attempts(a: OwnerObjects): Attempt[]; ownScope?: OwnScopeProbe[] }
  | { kind: 'no user object'; why: string };

export const q = (value: string) => encodeURIComponent(value);
export const claimA = `yoto_user_id=${q(OWNER)}`;
export const claimB = `yoto_user_id=${q(INTRUDER)}`;
export const TYPES = ['wakeup', 'bedtime'] as const;
export const NOTHING_DELETED = { deleted: 0 };

/** Fields of A's alarm B would love to change. */
export const takeover = {
  hour: 4,
  minute: 4,
  days: '0000001',
  volume: 1,
  is_enabled: false,
  alarm_name: 'B was here',
  playlist_id: 'card-b',
  yoto_device_id: 'player-b',
};
/** Columns only the server writes. */
export const serverOwned = (a: OwnerObjects) => ({
  id: 'b-chosen-id',
  yoto_user_id: INTRUDER,
  next_fire_at: '2000-01-01T00:00:00.000Z',
  last_fired_at: '2000-01-01T00:00:00.000Z',
  last_outcome: 'played',
  last_outcome_at: '2000-01-01T00:00:00.000Z',
  claimed_by: 'b',
  claimed_until: '2100-01-01T00:00:00.000Z',
  skip_until: '2100-01-01T00:00:00.000Z',
  paused_through: '2100-01-01',
  created_at: '2000-01-01T00:00:00.000Z',
  updated_at: '2000-01-01T00:00:00.000Z',
  alarm_id: a.fired.id,
});

/** A's ids, and near misses of one (case, padding, SQL): none may reach a row B does not own. */
export function alarmIds(a: OwnerObjects): { id: string; how: string }[] {
  const first = a.alarms[0]?.id ?? 'none';
  return [
    ...a.alarms.map((alarm) => ({ id: alarm.id, how: `A's ${alarm.alarm_type} ${alarm.id}` })),
    { id: first.toUpperCase(), how: "A's id in upper case" },
    { id: `${first} `, how: "A's id with a trailing space" },
    { id: `${first}' OR '1'='1`, how: "A's id with SQL" },
  ];
}

export const dueAtOf = (a: OwnerObjects, id: string) =>
  a.alarms.find((alarm) => alarm.id === id)?.next_fire_at ?? a.dueNow.next_fire_at ?? a.fired.dueAt;
