import { ALARM_ROUTES } from './alarm-route-matrix';
import { q } from './route-matrix-vocabulary';
import type { ApiRequest, Credential, OwnerObjects } from './two-user-world';

// The household's side of the matrix: C, the other parent of A's family, may do to A's cloud alarms
// what A may. Each act is tried with the credentials it names, in this order (they build on each
// other: C edits an alarm, skips it, pauses it, resumes it, fires A's due alarm, deletes one).
// The bulk and by-type routes act on the caller's own alarms only (docs/decisions/shared-household.md).

export interface PartnerAct extends ApiRequest {
  what: string;
  expect: number;
  credentials: readonly Credential[];
}

/** The alarm C edits, skips and pauses (A's weekend 09:00), and the one C deletes (A's disabled one). */
export const editedOf = (a: OwnerObjects) =>
  a.alarms.find((alarm) => alarm.hour === 9 && alarm.minute === 0)?.id ?? 'none';
export const deletedOf = (a: OwnerObjects) => a.alarms.find((alarm) => !alarm.is_enabled)?.id ?? 'none';

export const PARTNER_EDIT = { hour: 10, minute: 5, alarm_name: 'Set again by C' };
const BOTH: readonly Credential[] = ['bearer', 'session'];

export const PARTNER_ROUTES: Readonly<Record<string, (a: OwnerObjects) => PartnerAct[]>> = {
  'GET /api/alarms': () => [
    { method: 'GET', url: '/api/alarms', what: 'list', expect: 200, credentials: BOTH },
  ],
  'PUT /api/alarms/:id': (a) => [
    {
      method: 'PUT',
      url: `/api/alarms/${q(editedOf(a))}`,
      body: PARTNER_EDIT,
      what: 'edit',
      expect: 200,
      credentials: BOTH,
    },
  ],
  'POST /api/alarms/:id/skip': (a) => [
    {
      method: 'POST',
      url: `/api/alarms/${q(editedOf(a))}/skip`,
      what: 'skip',
      expect: 200,
      credentials: ['bearer'],
    },
  ],
  'POST /api/alarms/:id/pause': (a) => [
    {
      method: 'POST',
      url: `/api/alarms/${q(editedOf(a))}/pause`,
      body: { through: '2026-06-20' },
      what: 'pause',
      expect: 200,
      credentials: BOTH,
    },
  ],
  'POST /api/alarms/:id/resume': (a) => [
    {
      method: 'POST',
      url: `/api/alarms/${q(editedOf(a))}/resume`,
      what: 'resume',
      expect: 200,
      credentials: BOTH,
    },
  ],
  'POST /api/alarms/:id/trigger': (a) => [
    {
      method: 'POST',
      url: `/api/alarms/${q(a.dueNow.id)}/trigger`,
      body: { due_at: a.dueNow.next_fire_at },
      what: 'fire A’s due alarm',
      expect: 200,
      credentials: ['session'],
    },
  ],
  'DELETE /api/alarms/:id': (a) => [
    {
      method: 'DELETE',
      url: `/api/alarms/${q(deletedOf(a))}`,
      what: 'delete',
      expect: 200,
      credentials: ['bearer'],
    },
  ],
};

/** Alarm routes naming one alarm that C's acts leave out (a route added later must be placed). */
export function partnerGaps(): string[] {
  return Object.keys(ALARM_ROUTES)
    .filter((route) => route.includes('/:id'))
    .filter((route) => !(route in PARTNER_ROUTES));
}
