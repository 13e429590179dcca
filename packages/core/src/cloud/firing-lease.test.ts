import { describe, expect, it } from 'vitest';
import {
  FIRING_LEASE_MS,
  FIRING_LEASE_TICK_MS,
  leaseUntil,
  mayStartCard,
  openFiringFate,
  takeOverStep,
} from './firing-lease';

const at = (iso: string) => new Date(iso);
const DUE = '2026-06-10T07:00:00.000Z';

describe('the lease timings', () => {
  it('a lease outlives three missed renewals, and a lapsed one is found within 5 s of its holder’s death', () => {
    expect(FIRING_LEASE_MS / FIRING_LEASE_TICK_MS).toBeGreaterThanOrEqual(3);
    // Died just after a renewal: lapses a lease later, found at the next tick.
    expect(FIRING_LEASE_MS + FIRING_LEASE_TICK_MS).toBeLessThan(5_000);
    expect(leaseUntil(at(DUE)).toISOString()).toBe('2026-06-10T07:00:02.000Z');
  });
});

describe('mayStartCard: only with half a second of lease to spare', () => {
  const until = Date.parse('2026-06-10T07:00:02.000Z');
  it('starts well inside the lease', () => {
    expect(mayStartCard(until, at('2026-06-10T07:00:00.650Z'))).toBe(true);
    expect(mayStartCard(until, at('2026-06-10T07:00:01.499Z'))).toBe(true);
  });
  it('withholds card/start near or past the end (renewals stalled: another may take over)', () => {
    expect(mayStartCard(until, at('2026-06-10T07:00:01.500Z'))).toBe(false);
    expect(mayStartCard(until, at('2026-06-10T07:00:03.000Z'))).toBe(false);
    expect(mayStartCard(0, at(DUE))).toBe(false); // lost: another replica holds it
  });
});

describe('openFiringFate', () => {
  const leased = (leaseUntilIso: string) => ({ due_at: DUE, claimed_at: DUE, lease_until: leaseUntilIso });

  it('a running lease is under way, however old the claim', () => {
    expect(openFiringFate(leased('2026-06-10T07:00:02.000Z'), at('2026-06-10T07:00:01.999Z'))).toBe(
      'under-way',
    );
  });
  it('a lapsed lease under ten minutes late is taken over', () => {
    expect(openFiringFate(leased('2026-06-10T07:00:02.000Z'), at('2026-06-10T07:00:02.000Z'))).toBe(
      'take-over',
    );
    expect(openFiringFate(leased('2026-06-10T07:00:02.000Z'), at('2026-06-10T07:09:59.999Z'))).toBe(
      'take-over',
    );
  });
  it('a lapsed lease ten minutes late or more is settled: too late to ring', () => {
    expect(openFiringFate(leased('2026-06-10T07:00:02.000Z'), at('2026-06-10T07:10:00.000Z'))).toBe('settle');
  });
  it('a claim from before leases keeps the two-minute rule', () => {
    const unleased = { due_at: DUE, claimed_at: DUE, lease_until: null };
    expect(openFiringFate(unleased, at('2026-06-10T07:02:00.000Z'))).toBe('under-way');
    expect(openFiringFate(unleased, at('2026-06-10T07:02:00.001Z'))).toBe('settle');
  });
});

describe('takeOverStep: ask the player before sending anything', () => {
  it('the alarm’s card playing or loading: the first card/start got there, record played', () => {
    expect(takeOverStep('card-1', { cardId: 'card-1', playbackStatus: 'playing' })).toBe('record-played');
    expect(takeOverStep('card-1', { cardId: 'card-1', playbackStatus: 'loading' })).toBe('record-played');
  });
  it('anything else rings as the claimant would have', () => {
    expect(takeOverStep('card-1', null)).toBe('ring');
    expect(takeOverStep('card-1', { cardId: 'none', playbackStatus: 'stopped' })).toBe('ring');
    expect(takeOverStep('card-1', { cardId: 'card-2', playbackStatus: 'playing' })).toBe('ring');
    expect(takeOverStep('card-1', { cardId: 'card-1', playbackStatus: 'paused' })).toBe('ring');
    expect(takeOverStep('card-1', { cardId: 'card-1', playbackStatus: null })).toBe('ring');
  });
});
