import { OWNER, type ApiAnswer, type TwoUserWorld } from './two-user-world';

// What B must never learn of A, in any answer of the two-user matrix and of its household cases.

/** Anything that would tell B about A: ids, the subject, the e-mail, the player. */
export function leakIn(world: TwoUserWorld, answer: ApiAnswer): string | null {
  const { a } = world;
  const secrets = [
    OWNER,
    a.email,
    a.deviceId,
    ...a.alarms.map((alarm) => alarm.id),
    ...a.groups,
    ...a.favourites.map((favourite) => favourite.title),
    a.pushSubscription.keys.auth,
    '22:15',
  ];
  return secrets.find((secret) => answer.text.includes(secret)) ?? null;
}
