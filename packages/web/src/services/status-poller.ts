// Per-player MQTT: after connecting, ask for status and events after 1 s, then poll both
// every 30 s, the first poll after 2 s. The player stops pushing events about 5 minutes after the
// last request (docs/provider-contract.md, "Events are deltas, and only on request"), so a connected player
// must be asked again and again.

interface PollTimings {
  afterConnectMs: number;
  firstPollMs: number;
  pollMs: number;
}

export class StatusPoller {
  private readonly timers = new Map<string, Array<() => void>>();

  constructor(
    private readonly timings: PollTimings,
    private readonly request: (deviceId: string) => void,
  ) {}

  /** (Re)starts the schedule for one player. */
  start(deviceId: string): void {
    this.stop(deviceId);
    const { afterConnectMs, firstPollMs, pollMs } = this.timings;
    const cancels: Array<() => void> = [];
    const once = setTimeout(() => this.request(deviceId), afterConnectMs);
    cancels.push(() => clearTimeout(once));
    const first = setTimeout(() => {
      this.request(deviceId);
      const every = setInterval(() => this.request(deviceId), pollMs);
      cancels.push(() => clearInterval(every));
    }, firstPollMs);
    cancels.push(() => clearTimeout(first));
    this.timers.set(deviceId, cancels);
  }

  stop(deviceId: string): void {
    for (const cancel of this.timers.get(deviceId) ?? []) cancel();
    this.timers.delete(deviceId);
  }

  stopAll(): void {
    for (const deviceId of [...this.timers.keys()]) this.stop(deviceId);
  }

  isPolling(deviceId: string): boolean {
    return this.timers.has(deviceId);
  }
}
