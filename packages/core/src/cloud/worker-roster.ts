// Which replica does an account's alarm work (docs/decisions/worker-roster.md), pure. Every account
// falls in one of SHARES shares, stored on its alarms so a replica can ask the database for its
// own. Every live replica keeps a row saying it is alive; each one reads the same list and gives
// every share to the replica with the highest score for that pair (rendezvous hashing). Nothing is
// handed over: when a replica joins or dies, only the shares it gains or held move, and the claim
// still keeps a firing once when two replicas briefly disagree.

/** A replica's row says it is alive until this long after its last beat. */
export const REPLICA_ALIVE_MS = 15_000;
/**
 * Another replica's alarm is rung by this one once it is this late and still unclaimed: its owner
 * died (or stalled) before its row lapsed.
 */
export const ORPHAN_GRACE_MS = 3_000;

/** A 32-bit hash of `text` (FNV-1a, then a finaliser that spreads nearby inputs). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * How many shares the accounts fall in: enough that twenty replicas get about 200 each, so each
 * gets its fair part of a busy minute, few enough that a replica lists its own in a query.
 * Stored on every alarm (`alarms.share`): changing it means a migration that writes them anew.
 */
export const SHARES = 4_096;

/** The share of `accountId`: all of an account's alarms are in the same one. */
export const shareOf = (accountId: string): number => hash32(accountId) % SHARES;

/**
 * The share stored on an alarm written by a replica older than the shares (during a rolling
 * deploy): every replica's look asks for these too, and goes by the account's share.
 */
export const NO_SHARE = -1;

/** The share an alarm row belongs to: its stored one, or its account's when it has none. */
export const shareOfAlarm = (alarm: { share: number; yoto_user_id: string }): number =>
  alarm.share === NO_SHARE ? shareOf(alarm.yoto_user_id) : alarm.share;

/**
 * The replica of `replicas` that does the alarm work of `share`; undefined when the list is empty.
 * Every replica that reads the same list picks the same one.
 */
export function ownerOfShare(share: number, replicas: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = -1;
  for (const replica of replicas) {
    const score = hash32(`${replica}\u0000share-${share}`);
    // Ties (rare) go to the smaller id, so the choice never depends on the list's order.
    if (score > bestScore || (score === bestScore && best !== undefined && replica < best)) {
      best = replica;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The replica of `replicas` that does the alarm work of `accountId`: its share's (the alarms'
 * parent: all of an account's players on one replica, so they share its one MQTT session).
 */
export const ownerOf = (accountId: string, replicas: readonly string[]): string | undefined =>
  ownerOfShare(shareOf(accountId), replicas);

/** The shares `self` does the work of, by `replicas` (which it is among), in order. */
export function sharesOf(self: string, replicas: readonly string[]): number[] {
  const own: number[] = [];
  for (let share = 0; share < SHARES; share += 1) {
    if (ownerOfShare(share, replicas) === self) own.push(share);
  }
  return own;
}

/**
 * What a replica does with an alarm due at `dueMs` of an account owned by `owner`: all of it when
 * the account is its own (or no owner is known), else nothing until the alarm is ORPHAN_GRACE_MS
 * overdue, when it rings it in the owner's place.
 */
export function rosterPart(
  self: string,
  owner: string | undefined,
  dueMs: number,
  nowMs: number,
): 'own' | 'orphan' | 'other' {
  if (owner === undefined || owner === self) return 'own';
  return nowMs - dueMs >= ORPHAN_GRACE_MS ? 'orphan' : 'other';
}
