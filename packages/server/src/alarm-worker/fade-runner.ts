import {
  FADE_START_STEP,
  alarmTargetStep,
  fadeSchedule,
  isFadeVolume,
} from '@playlist-alarms/core/cloud/fade-in';
import { parseDeviceEvents } from '@playlist-alarms/core/device/device-messages';
import { stepToPercent, volumeLimitOf } from '@playlist-alarms/core/device/volume-limit';
import type { DeviceMessage } from '@playlist-alarms/provider/device-link-types';
import type { WorkerClock } from './clock';
import type { PlayerLinks } from './player-links';

// A wake-up alarm's fade, after its card/start: volume/set steps up to the alarm's volume on core's
// schedule (fade-in.ts). Each fade runs on its own, beside the worker's other firings, so it never
// holds up another alarm; it stops when a person changes the volume at the player, and on shutdown.
// It lives in memory only: a server restarted mid-fade leaves the player where the fade had got to
// (the card/start itself is claimed once in alarm_firings and is not repeated).

export interface FadeRequest {
  userId: string;
  deviceId: string;
  /** The alarm's stored 1–10. */
  volume: number;
  minutes: number;
  /** The player's limit for the time of day, from its config when known. */
  limit: number;
  /** Epoch ms the schedule counts from (card/start). */
  startedAt: number;
}

/** Why a fade ended: done, a person changed the volume, the link dropped, or shutdown. */
export type FadeEnd = 'done' | 'interrupted' | 'link-lost' | 'stopped';

export class FadeRunner {
  private readonly fades = new Map<Promise<FadeEnd>, () => void>();

  constructor(
    private readonly links: PlayerLinks,
    private readonly clock: WorkerClock,
  ) {}

  get size(): number {
    return this.fades.size;
  }

  /** Starts the fade and returns how it ended (callers need not wait). */
  start(request: FadeRequest, onEnd?: (end: FadeEnd) => void): Promise<FadeEnd> {
    let cancel: () => void = () => undefined;
    const cancelled = new Promise<'stopped'>((resolve) => {
      cancel = () => resolve('stopped');
    });
    const run = this.run(request, cancelled).catch((): FadeEnd => 'link-lost');
    this.fades.set(run, cancel);
    void run.then((end) => {
      this.fades.delete(run);
      onEnd?.(end);
    });
    return run;
  }

  /** Ends every fade at once (shutdown) and waits for them to let go of their links. */
  async stopAll(): Promise<void> {
    const running = [...this.fades];
    for (const [, cancel] of running) cancel();
    await Promise.allSettled(running.map(([run]) => run));
  }

  private async run(request: FadeRequest, cancelled: Promise<'stopped'>): Promise<FadeEnd> {
    const opened = await this.links.open(request.userId, request.deviceId);
    if (!opened.ok) return 'link-lost';
    const { link } = opened;
    // Held open for the whole fade: its listener below must keep hearing the player between steps.
    const release = this.links.retain(request.userId, request.deviceId);
    let limit = volumeLimitOf(request.limit);
    const sent = {
      current: Math.min(FADE_START_STEP, limit),
      previous: null as number | null,
      confirmed: false,
    };
    let interrupt: () => void = () => undefined;
    const interrupted = new Promise<'interrupted'>((resolve) => {
      interrupt = () => resolve('interrupted');
    });
    const unsubscribe = link.onMessage((message: DeviceMessage) => {
      if (message.deviceId !== request.deviceId || message.kind !== 'events') return;
      const events = parseDeviceEvents(message.payload);
      if (events?.volumeMax !== undefined) limit = Math.min(limit, volumeLimitOf(events.volumeMax));
      if (events?.volume === undefined) return;
      if (!isFadeVolume(events.volume, sent, limit)) interrupt();
      else if (events.volume === Math.min(sent.current, limit)) sent.confirmed = true;
    });
    try {
      const steps = fadeSchedule({
        startStep: sent.current,
        targetStep: alarmTargetStep(request.volume, limit),
        minutes: request.minutes,
      });
      for (const { offsetMs, step } of steps) {
        const wait = request.startedAt + offsetMs - this.clock.now().getTime();
        const handle = { id: null as unknown };
        const timer = new Promise<'due'>((resolve) => {
          handle.id = this.clock.setTimeout(() => resolve('due'), Math.max(0, wait));
        });
        const why = await Promise.race([timer, interrupted, cancelled]);
        if (why !== 'due') {
          this.clock.clearTimeout(handle.id);
          return why;
        }
        // The limit may have dropped since the schedule was made (night began): never above it.
        const next = Math.min(step, limit);
        if (next <= sent.current) continue;
        // Opened again for each step: a link that dropped since connects anew.
        const again = await this.links.open(request.userId, request.deviceId);
        if (!again.ok || !again.link.send('volume/set', { volume: stepToPercent(next) })) return 'link-lost';
        Object.assign(sent, { previous: sent.current, current: next, confirmed: false });
      }
      return 'done';
    } finally {
      unsubscribe();
      release();
    }
  }
}
