import type { FiringOutcome } from '@playlist-alarms/core/cloud/alarm-firing';
import type { WorkerClock } from '../../src/alarm-worker/clock';
import type { PrepareResult, Ringer, RingRequest, RingResult } from '../../src/alarm-worker/ringer';

/**
 * The in-memory twin of MqttRinger for the scheduling tests: it records each ring at the instant
 * its card/start would go (the request's startAt, as the real ringer waits for it) and answers the
 * outcome the test chose. The MQTT path is proven against the real sandbox in
 * the integration tests.
 */
export class RecordingRinger implements Ringer {
  readonly rings: (Omit<RingRequest, 'startAt'> & { at: string })[] = [];
  readonly prepared: { userId: string; deviceId: string; at: string }[] = [];
  outcome: FiringOutcome = 'played';
  /** What the prepare window finds. */
  prepareResult: PrepareResult = 'reachable';

  constructor(private readonly clock: WorkerClock) {}

  prepare(userId: string, deviceId: string): Promise<PrepareResult> {
    this.prepared.push({ userId, deviceId, at: this.clock.now().toISOString() });
    return Promise.resolve(this.prepareResult);
  }

  ring({ startAt, ...request }: RingRequest): Promise<RingResult> {
    // Not slept on the test's clock (its advance waits for the worker to be idle): the instant is noted.
    const at = Math.max(this.clock.now().getTime(), startAt ?? 0);
    this.rings.push({ ...request, at: new Date(at).toISOString() });
    return Promise.resolve({ outcome: this.outcome, detail: null });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
