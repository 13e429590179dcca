import type { FiringOutcome } from '@playlist-alarms/core/cloud/alarm-firing';
import type { WorkerClock } from '../../src/alarm-worker/clock';
import type { NowPlaying } from '@playlist-alarms/core/cloud/firing-lease';
import {
  CardStartWithheld,
  type PrepareResult,
  type Ringer,
  type RingOptions,
  type RingRequest,
  type RingResult,
} from '../../src/alarm-worker/ringer';

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
  /** What the player says it plays when a replica that took a firing over asks; and who asked. */
  playing: NowPlaying | null = { cardId: 'none', playbackStatus: 'stopped' };
  readonly asked: { userId: string; deviceId: string }[] = [];

  /** How many times the worker asked it to close idle links. */
  idleClosings = 0;

  constructor(private readonly clock: WorkerClock) {}

  closeIdle(): Promise<void> {
    this.idleClosings += 1;
    return Promise.resolve();
  }

  prepare(userId: string, deviceId: string): Promise<PrepareResult> {
    this.prepared.push({ userId, deviceId, at: this.clock.now().toISOString() });
    return Promise.resolve(this.prepareResult);
  }

  nowPlaying(userId: string, deviceId: string): Promise<NowPlaying | null> {
    this.asked.push({ userId, deviceId });
    return Promise.resolve(this.playing);
  }

  async ring({ startAt, ...request }: RingRequest, options: RingOptions = {}): Promise<RingResult> {
    // As the real ringer, which asks just before card/start.
    if ((await options.mayStart?.()) === false) throw new CardStartWithheld();
    // Not slept on the test's clock (its advance waits for the worker to be idle): the instant is noted.
    const at = Math.max(this.clock.now().getTime(), startAt ?? 0);
    this.rings.push({ ...request, at: new Date(at).toISOString() });
    if (this.outcome !== 'played') return { outcome: this.outcome, detail: null };
    // As the real ringer: card/start's instant, and whether a fade begins after it.
    const faded = (request.extras?.fadeMinutes ?? 0) > 0;
    return { outcome: this.outcome, detail: null, startedAt: at, faded };
  }

  /** The extras a take-over finished, in order. */
  readonly extrasFinished: (Omit<RingRequest, 'startAt'> & { at: string })[] = [];

  finishExtras({
    startAt: _startAt,
    ...request
  }: RingRequest): Promise<{ detail: string | null; faded: boolean }> {
    this.extrasFinished.push({ ...request, at: this.clock.now().toISOString() });
    return Promise.resolve({ detail: null, faded: (request.extras?.fadeMinutes ?? 0) > 0 });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
