// A fault-injection seam for the fleet tests of firing leases (docs/decisions/firing-leases.md):
// ALARM_WORKER_FAULT_HOLD makes a worker stop at one point of a firing it claimed, announce it on
// stdout, and wait there until the process is killed (or the worker stops), so a test can SIGKILL
// exactly the claimant inside the window it means to test. Only in demo mode: the configuration
// refuses it against the real cloud (config.ts). Firings taken over from another replica never hold.

/** Where a claimant holds: before anything went to the player, or right after card/start went out. */
export const FAULT_HOLD_POINTS = ['after-claim', 'after-card-start'] as const;
export type FaultHoldPoint = (typeof FAULT_HOLD_POINTS)[number];

/** The line a held worker prints; tests wait for it. */
export const FAULT_HOLD_ANNOUNCEMENT = 'FAULT-INJECTION HOLD';

export interface FaultHold {
  /** At `point` of a claimed firing: resolves at once unless this process holds there. */
  at(point: FaultHoldPoint, what: { workerId: string; alarmId: string; dueAt: string }): Promise<void>;
  /** Lets every hold go (the worker stops). */
  release(): void;
}

export const noFaultHold: FaultHold = {
  at: () => Promise.resolve(),
  release: () => undefined,
};

/** Holds at `point` (once announced, until release), writing the announcement with `write`. */
export function faultHoldAt(
  point: FaultHoldPoint,
  write: (line: string) => void = (line) => process.stdout.write(line),
): FaultHold {
  const waiting = new Set<() => void>();
  return {
    at(reached, what) {
      if (reached !== point) return Promise.resolve();
      write(
        `${FAULT_HOLD_ANNOUNCEMENT} ${point} pid=${process.pid} worker=${what.workerId} alarm=${what.alarmId} due=${what.dueAt}\n`,
      );
      return new Promise<void>((resolve) => waiting.add(resolve));
    },
    release() {
      for (const resolve of waiting) resolve();
      waiting.clear();
    },
  };
}
