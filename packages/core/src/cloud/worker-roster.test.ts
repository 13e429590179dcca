import { describe, expect, it } from 'vitest';
import {
  ORPHAN_GRACE_MS,
  SHARES,
  ownerOf,
  ownerOfShare,
  rosterPart,
  shareOf,
  sharesOf,
} from './worker-roster';

const players = Array.from({ length: 3_000 }, (_, i) => `player-${i}`);
const replicas = ['worker-a', 'worker-b', 'worker-c'];

describe('ownerOf', () => {
  it('gives every player to one replica, the same whatever the order of the list', () => {
    for (const player of players.slice(0, 200)) {
      const owner = ownerOf(player, replicas);
      expect(replicas).toContain(owner);
      expect(ownerOf(player, [...replicas].reverse())).toBe(owner);
    }
    expect(ownerOf('player-1', [])).toBeUndefined();
    expect(ownerOf('player-1', ['only'])).toBe('only');
  });

  it('spreads players evenly: each of three replicas gets a third, give or take 10 %', () => {
    const counts = new Map<string, number>();
    for (const player of players) {
      const owner = ownerOf(player, replicas) ?? 'none';
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(replicas);
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(900);
      expect(count).toBeLessThan(1_100);
    }
  });

  it('when a replica leaves, only its players move; when one joins, players move only to it', () => {
    const before = new Map(players.map((p) => [p, ownerOf(p, replicas)]));
    const leaving = players.filter((p) => before.get(p) === 'worker-b');
    for (const player of players) {
      const after = ownerOf(player, ['worker-a', 'worker-c']);
      if (before.get(player) === 'worker-b') expect(after).not.toBe('worker-b');
      else expect(after).toBe(before.get(player));
    }
    expect(leaving.length).toBeGreaterThan(0);
    let moved = 0;
    for (const player of players) {
      const after = ownerOf(player, [...replicas, 'worker-d']);
      if (after !== before.get(player)) {
        expect(after).toBe('worker-d');
        moved += 1;
      }
    }
    expect(moved).toBeGreaterThan(600); // about a quarter
    expect(moved).toBeLessThan(900);
  });
});

describe('rosterPart', () => {
  const due = Date.parse('2026-06-10T07:00:00Z');
  it('does its own players (and all of them with no roster) whenever they are due', () => {
    expect(rosterPart('a', 'a', due, due - 60_000)).toBe('own');
    expect(rosterPart('a', undefined, due, due - 60_000)).toBe('own');
  });
  it("leaves another's player alone until it is ORPHAN_GRACE_MS overdue, then rings it", () => {
    expect(rosterPart('a', 'b', due, due - 60_000)).toBe('other');
    expect(rosterPart('a', 'b', due, due + ORPHAN_GRACE_MS - 1)).toBe('other');
    expect(rosterPart('a', 'b', due, due + ORPHAN_GRACE_MS)).toBe('orphan');
  });
});

describe('shares', () => {
  it('puts every account in one share of SHARES, the same each time', () => {
    for (const account of players.slice(0, 200)) {
      const share = shareOf(account);
      expect(Number.isInteger(share)).toBe(true);
      expect(share).toBeGreaterThanOrEqual(0);
      expect(share).toBeLessThan(SHARES);
      expect(shareOf(account)).toBe(share);
    }
    // 3,000 accounts over 4,096 shares: most shares hold none or one, none holds many.
    const perShare = new Map<number, number>();
    for (const account of players) perShare.set(shareOf(account), (perShare.get(shareOf(account)) ?? 0) + 1);
    expect(perShare.size).toBeGreaterThan(2_000);
    expect(Math.max(...perShare.values())).toBeLessThan(8);
  });

  it('gives each share to exactly one replica; an account is the replica whose shares hold it', () => {
    const owned = replicas.map((replica) => sharesOf(replica, replicas));
    const all = owned.flat().sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: SHARES }, (_, share) => share));
    for (const shares of owned) {
      expect(shares.length).toBeGreaterThan(SHARES / 3 - 150);
      expect(shares.length).toBeLessThan(SHARES / 3 + 150);
    }
    for (const account of players.slice(0, 300)) {
      const owner = replicas.find((_, i) => owned[i]?.includes(shareOf(account)));
      expect(ownerOf(account, replicas)).toBe(owner);
      expect(ownerOfShare(shareOf(account), replicas)).toBe(owner);
    }
    expect(sharesOf('worker-a', [])).toEqual([]);
    expect(sharesOf('only', ['only'])).toHaveLength(SHARES);
  });
});
