import { describe, expect, it } from 'vitest';
import { startHouseholdsSandbox } from '@playlist-alarms/sandbox/test/support/households-sandbox';
import { runSameMinute } from '../support/same-minute-fleet';

// The same-minute bench at CI size (docs/scale.md): 50 households (100 players), one cloud alarm per player due on the same round
// minute, three real server processes on one PostgreSQL database. Every player must hear exactly one
// card/start (from the sandbox's log of what players received), and the players are shared out among
// the replicas (the worker roster). No timing is asserted here: the
// budgets live in the bench (bench/same-minute.ts, 500 households). It waits for one real minute.

describe('many households ringing on the same minute, three replicas', () => {
  it('gives every player exactly one card/start', async () => {
    const sandbox = await startHouseholdsSandbox(50);
    const run = await runSameMinute({ sandbox, replicas: 3 }).finally(() => sandbox.close());
    expect(run.alarms).toBe(100);
    expect(run.logOverwritten).toBe(0);
    const counts = [...run.cardStarts.values()].map((times) => times.length);
    const notOnce = [...run.cardStarts].filter(([, times]) => times.length !== 1).map(([p]) => p);
    console.log(
      `card/start heard by ${counts.filter((c) => c === 1).length}/${run.alarms} players once; ` +
        `commands ${JSON.stringify(run.commandCounts)}; MQTT logins ${run.mqttConnectionsOpened}`,
    );
    expect(notOnce, `players without exactly one card/start: ${notOnce.join(', ')}`).toEqual([]);
    expect(counts).toHaveLength(100);
    // The worker roster spread the households: each replica claimed and rang some, and only the
    // owner of an account logged in for it, once for both its players (one login an account, not
    // one a player or one a replica).
    console.log(`claims per replica ${run.claimsPerReplica.join(', ')}`);
    expect(run.claimsPerReplica).toHaveLength(3);
    expect(run.claimsPerReplica.reduce((a, b) => a + b, 0)).toBe(100);
    expect(run.mqttConnectionsOpened).toBeLessThanOrEqual(55);
  }, 240_000);
});
