import type * as DeviceMessages from '@playlist-alarms/core/device/device-messages';
import { presenceFromShutDown } from '@playlist-alarms/core/device/player-presence';
import type { LivePresence } from '@playlist-alarms/core/device/player-presence';
import type { DeviceMessage, PresenceWatch } from '@playlist-alarms/provider/device-link-types';

// Whether each player of the family is on, for every card, whether or not the user connected it:
// one listen-only MQTT session (the provider's presence watch) for the signed-in page. It opens
// when the page first asks for it (after the logged-in view has painted), follows the device list,
// and closes at logout. What it hears goes to the realtime store, where useDeviceOnline reads it.

/** Makes the watch; its MQTT code loads then. `getAccessToken` gives it a fresh token per login. */
export type PresenceWatchFactory = (getAccessToken: () => Promise<string | null>) => Promise<PresenceWatch>;

type Schemas = Pick<typeof DeviceMessages, 'parseDevicePresence' | 'parseDeviceStatus'>;

interface PresenceWatcherOptions {
  createWatch: PresenceWatchFactory;
  getAccessToken: () => Promise<string | null>;
  /** Where a player's word goes (the device link registry's noteWatchedPresence). */
  report: (deviceId: string, presence: LivePresence) => void;
  /** The watch lost its session: what it heard may have changed unheard (forgetWatchedPresence). */
  forget: () => void;
  loadSchemas?: () => Promise<Schemas>;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

/** The player's word in a presence message or a legacy status; null when it says nothing of it. */
function presenceOfMessage(schemas: Schemas, message: DeviceMessage): LivePresence | null {
  if (message.kind === 'presence') return schemas.parseDevicePresence(message.payload)?.state ?? null;
  if (message.kind === 'status')
    return presenceFromShutDown(schemas.parseDeviceStatus(message.payload)?.shutDown);
  return null;
}

/** What the page uses: the players to watch, and the end at logout. */
export interface PresenceWatching {
  /**
   * Watches these players from now on; the first call with any opens the watch. `onResumed` is
   * called when the watch is back after losing its session: the broker keeps no presence, so a
   * player that switched off or on meanwhile says nothing more, and the device list is read again.
   */
  watchPlayers(deviceIds: readonly string[], onResumed?: () => void): void;
  /** Logout: the session ends and nothing it heard is reported any more. */
  stop(): Promise<void>;
}

export class PresenceWatcher implements PresenceWatching {
  private watch: Promise<PresenceWatch> | null = null;
  private deviceIds: readonly string[] = [];
  private onResumed: (() => void) | undefined;
  private lostSession = false;
  /** Grows at stop(), so a watch still loading, and its messages, stand down. */
  private generation = 0;
  private readonly log: NonNullable<PresenceWatcherOptions['log']>;

  constructor(private readonly options: PresenceWatcherOptions) {
    this.log = options.log ?? ((level, message) => console[level](`[presence] ${message}`));
  }

  watchPlayers(deviceIds: readonly string[], onResumed?: () => void): void {
    this.deviceIds = [...deviceIds];
    this.onResumed = onResumed;
    if (this.watch === null && this.deviceIds.length === 0) return;
    const watch = (this.watch ??= this.start());
    void watch.then(
      (opened) => opened.setDevices(this.deviceIds),
      () => undefined, // logged by start(); the next list tries again
    );
  }

  /** Logout: the session ends and nothing it heard is reported any more. */
  async stop(): Promise<void> {
    this.generation += 1;
    this.deviceIds = [];
    const watch = this.watch;
    this.watch = null;
    const opened = await watch?.catch(() => null);
    await opened?.dispose();
  }

  private start(): Promise<PresenceWatch> {
    const generation = this.generation;
    const loadSchemas =
      this.options.loadSchemas ?? (() => import('@playlist-alarms/core/device/device-messages'));
    const started = Promise.all([this.options.createWatch(this.options.getAccessToken), loadSchemas()]).then(
      ([watch, schemas]) => {
        if (generation !== this.generation) {
          void watch.dispose();
          throw new Error('presence watch stopped while it loaded');
        }
        watch.onMessage((message) => {
          if (generation !== this.generation) return;
          const presence = presenceOfMessage(schemas, message);
          if (presence) this.options.report(message.deviceId, presence);
          else if (message.kind === 'presence')
            this.log('warn', `dropped malformed presence message from ${message.deviceId}`);
        });
        watch.onWatching((watching) => {
          if (generation !== this.generation) return;
          if (!watching) {
            this.lostSession = true;
            this.options.forget();
          } else if (this.lostSession) {
            this.lostSession = false;
            this.onResumed?.();
          }
        });
        return watch;
      },
    );
    started.catch((error: unknown) => {
      // A failed chunk load must not stop later attempts.
      if (this.watch === started) this.watch = null;
      if (generation === this.generation) this.log('warn', `presence watch not started: ${String(error)}`);
    });
    return started;
  }
}
