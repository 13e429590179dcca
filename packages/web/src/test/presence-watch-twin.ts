import type { DeviceMessage, PresenceWatch } from '@playlist-alarms/provider/device-link-types';

// The in-memory twin of the provider's presence watch (MqttPresenceWatch): the same interface, with
// the broker's side a test can drive. The real watch is proven against the sandbox's broker by the
// provider's contract test and the e2e suite.

export class InMemoryPresenceWatch implements PresenceWatch {
  /** Every list the page gave it, in order. */
  readonly lists: string[][] = [];
  disposed = false;
  private readonly handlers = new Set<(message: DeviceMessage) => void>();
  private readonly watchingHandlers = new Set<(watching: boolean) => void>();

  setDevices(deviceIds: readonly string[]): void {
    this.lists.push([...deviceIds]);
  }

  /** The players watched now (the last list). */
  get devices(): readonly string[] {
    return this.lists.at(-1) ?? [];
  }

  onMessage(handler: (message: DeviceMessage) => void): () => void {
    this.handlers.add(handler);
    return () => void this.handlers.delete(handler);
  }

  onWatching(handler: (watching: boolean) => void): () => void {
    this.watchingHandlers.add(handler);
    return () => void this.watchingHandlers.delete(handler);
  }

  dispose(): Promise<void> {
    this.disposed = true;
    this.handlers.clear();
    return Promise.resolve();
  }

  /** What the broker publishes on a watched player's presence topic (offline: its last will). */
  emitPresence(deviceId: string, payload: unknown): void {
    this.publish({ deviceId, kind: 'presence', topic: `device/${deviceId}/presence`, payload });
  }

  /** The watch's MQTT session is in use (true) or lost (false), as the real watch reports it. */
  emitWatching(watching: boolean): void {
    for (const handler of [...this.watchingHandlers]) handler(watching);
  }

  /** What a watched player publishes on its legacy status topic. */
  emitStatus(deviceId: string, payload: unknown): void {
    this.publish({ deviceId, kind: 'status', topic: `device/${deviceId}/status`, payload });
  }

  private publish(message: DeviceMessage): void {
    // Only the players it was asked to watch, as the broker sends only subscribed topics.
    if (this.disposed || !this.devices.includes(message.deviceId)) return;
    for (const handler of [...this.handlers]) handler(message);
  }
}
