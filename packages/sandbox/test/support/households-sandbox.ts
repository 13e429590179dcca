// A sandbox with load-test households, seen the way a many-households run needs it (the server's
// test/support/same-minute-fleet.ts, which may not import the sandbox itself, and the bench): the
// households' tokens, cards and players, and what the players received.
import { sandboxKnobs } from '../../src/knobs-client';
import { startSandbox } from '../../src/sandbox';
import { householdCardId, householdPlayerIds } from '../../src/seed-households';

export async function startHouseholdsSandbox(households: number) {
  const sandbox = await startSandbox({ port: 0, mqttPort: 0, households });
  const knobs = sandboxKnobs(sandbox.url);
  return {
    url: sandbox.url,
    households,
    issueTokens: (household: number) => sandbox.issueTokens(`household-${household}`),
    cardOf: householdCardId,
    playersOf: householdPlayerIds,
    commands: (sinceMs: number) => knobs.commands(sinceMs),
    brokerStats: () => knobs.brokerStats(),
    close: () => sandbox.close(),
  };
}

export type HouseholdsSandbox = Awaited<ReturnType<typeof startHouseholdsSandbox>>;
