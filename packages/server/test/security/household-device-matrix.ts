import {
  alarmHoldChangeAnswerSchema,
  alarmHoldsAnswerSchema,
} from '@playlist-alarms/core/alarms/alarm-hold-schemas';
import { historyAnswerSchema } from '@playlist-alarms/core/cloud/alarm-history-schemas';
import { isDeepStrictEqual } from 'node:util';
import { q } from './route-matrix-vocabulary';
import type { ApiRequest, Credential, OwnerObjects, RegisteredRoute } from './two-user-world';

// The household's side of the matrix for A's player: C, the other parent of A's family (the
// provider lists A's player for C too), reads and changes what the server keeps of the player as
// A may, and A sees the same. The acts run in this order, each with the credential it names: C
// reads the history and the holds, skips A's weekend alarm, resumes A's skip, then tells the
// history it saw the resumed alarm play.

export interface DeviceAct extends ApiRequest {
  what: string;
  credential: Credential;
  /** What A reads afterwards: it must show what C saw or did. */
  readByA: ApiRequest;
  /** Why C's answer and A's read do not show the same, or null when they do. */
  problem(ofC: unknown, ofA: unknown): string | null;
}

const historyOf = (a: OwnerObjects): ApiRequest => ({
  method: 'GET',
  url: `/api/devices/${q(a.deviceId)}/history?limit=100`,
});
const holdsOf = (a: OwnerObjects): ApiRequest => ({
  method: 'GET',
  url: `/api/devices/${q(a.deviceId)}/alarm-holds`,
});
const entryIds = (body: unknown) => historyAnswerSchema.parse(body).entries.map((entry) => entry.id);
const heldAlarms = (body: unknown) => alarmHoldsAnswerSchema.parse(body).holds.map((hold) => hold.alarm);

/** The player's own alarms as A read them: the first A skipped (held off), the second is on. */
const playerAlarmsOf = (a: OwnerObjects) => {
  const [first = '', second = ''] = a.playerAlarms;
  return { first, held: first.replace(/,1$/, ',0'), second };
};

/** Today's 07:00 ringing of A's first player alarm: 31 minutes before A's 07:31 cloud alarm (London). */
const firstRingingOf = (a: OwnerObjects) =>
  new Date(Date.parse(a.dueNow.next_fire_at ?? '') - 31 * 60_000).toISOString();

const sameAnswer = (ofC: unknown, ofA: unknown) =>
  isDeepStrictEqual(ofC, ofA) ? null : `C saw ${JSON.stringify(ofC)}, A ${JSON.stringify(ofA)}`;

export const PARTNER_DEVICE_ROUTES: Readonly<Record<string, (a: OwnerObjects) => DeviceAct[]>> = {
  'GET /api/devices/:deviceId/history': (a) =>
    (['bearer', 'session'] as const).map((credential) => ({
      ...historyOf(a),
      what: 'read A’s player’s history',
      credential,
      readByA: historyOf(a),
      problem: (ofC, ofA) => {
        const ids = entryIds(ofC);
        // A's cloud alarm fired on the player, and the ringing of A's alarm A's skip passed over.
        const fired = `c:${a.fired.id}@${a.fired.dueAt}`;
        if (!ids.includes(fired)) return `C's history lacks A's firing ${fired}: ${ids.join(', ')}`;
        if (!ids.some((id) => id.startsWith(`c:${a.dueNow.id}@`)))
          return `C's history lacks A's skipped ringing`;
        if (!ids.some((id) => id.startsWith('d:'))) return `C's history lacks the player's own alarms`;
        return sameAnswer(ofC, ofA);
      },
    })),
  'GET /api/devices/:deviceId/alarm-holds': (a) =>
    (['bearer', 'session'] as const).map((credential) => ({
      ...holdsOf(a),
      what: 'read A’s player’s holds',
      credential,
      readByA: holdsOf(a),
      problem: (ofC, ofA) =>
        heldAlarms(ofC).includes(playerAlarmsOf(a).held)
          ? sameAnswer(ofC, ofA)
          : `C does not see A's skip: ${JSON.stringify(ofC)}`,
    })),
  'POST /api/devices/:deviceId/alarm-holds': (a) => {
    const { first, held, second } = playerAlarmsOf(a);
    const url = `/api/devices/${q(a.deviceId)}/alarm-holds`;
    return [
      {
        method: 'POST',
        url,
        body: { alarm: second, index: 1, change: { action: 'skip' } },
        what: 'skip A’s weekend alarm',
        credential: 'bearer',
        readByA: holdsOf(a),
        problem: (ofC, ofA) => {
          const held2 = second.replace(/,1$/, ',0');
          const { holds, alarms } = alarmHoldChangeAnswerSchema.parse(ofC);
          if (!alarms.includes(held2)) return `the player's list after C's skip: ${alarms.join(' ')}`;
          if (!heldAlarms(ofA).includes(held2)) return `A does not see C's skip: ${JSON.stringify(ofA)}`;
          return sameAnswer(holds, alarmHoldsAnswerSchema.parse(ofA).holds);
        },
      },
      {
        method: 'POST',
        url,
        body: { alarm: held, index: 0, change: { action: 'resume' } },
        what: 'resume A’s skip',
        credential: 'session',
        readByA: holdsOf(a),
        problem: (ofC, ofA) => {
          const { alarms } = alarmHoldChangeAnswerSchema.parse(ofC);
          if (alarms[0] !== first) return `the player's list after C's resume: ${alarms.join(' ')}`;
          if (heldAlarms(ofA).includes(held)) return `A still sees its skip: ${JSON.stringify(ofA)}`;
          return null;
        },
      },
    ];
  },
  'POST /api/devices/:deviceId/history/observed': (a) => {
    const { first } = playerAlarmsOf(a);
    const dueAt = firstRingingOf(a);
    const startedAt = new Date(Date.parse(dueAt) + 5_000).toISOString();
    return [
      {
        method: 'POST',
        url: `/api/devices/${q(a.deviceId)}/history/observed`,
        body: { alarm: first, due_at: dueAt, started_at: startedAt },
        what: 'tell the history A’s resumed alarm played',
        credential: 'bearer',
        readByA: historyOf(a),
        problem: (ofC, ofA) => {
          if (!isDeepStrictEqual(ofC, { recorded: true })) return `C's observation: ${JSON.stringify(ofC)}`;
          const entry = historyAnswerSchema
            .parse(ofA)
            .entries.find((row) => row.id === `d:${first}@${dueAt}`);
          return entry?.outcome === 'played' && entry.played_at === startedAt
            ? null
            : `A's history does not show C's observation: ${JSON.stringify(entry ?? entryIds(ofA))}`;
        },
      },
    ];
  },
};

/** Routes naming a player (a `:deviceId`) that C's acts leave out: a route added later must be placed. */
export function partnerDeviceGaps(routes: readonly RegisteredRoute[]): string[] {
  const keys = routes
    .filter((route) => route.url.includes(':deviceId'))
    .map((route) => `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`);
  return [...new Set(keys)].filter((key) => !(key in PARTNER_DEVICE_ROUTES));
}
