import type { FiringOutcome } from '@playlist-alarms/core/alarm-firing';
import type { WorkerClock } from '../alarm-worker/clock';
import type { Ringer, RingRequest, RingResult } from '../alarm-worker/ringer';

/**
 * The in-memory twin of MqttRinger for the scheduling tests: it records each ring with the clock's
 * time and answers the outcome the test chose. The MQTT path is proven against the real sandbox in
 * the integration tests.
 */
export class RecordingRinger implements Ringer {
  readonly rings: (RingRequest & { at: string })[] = [];
  readonly prepared: { userId: string; deviceId: string; at: string }[] = [];
  outcome: FiringOutcome = 'played';

  constructor(private readonly clock: WorkerClock) {}

  prepare(userId: string, deviceId: string): Promise<void> {
    this.prepared.push({ userId, deviceId, at: this.clock.now().toISOString() });
    return Promise.resolve();
  }

  ring(request: RingRequest): Promise<RingResult> {
    this.rings.push({ ...request, at: this.clock.now().toISOString() });
    return Promise.resolve({ outcome: this.outcome, detail: null });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
