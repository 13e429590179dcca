import {
  PLAY_CONFIRM_TIMEOUT_MS,
  VOLUME_TO_CARD_DELAY_MS,
  alarmVolumeForPlayer,
  firingOutcome,
  type FiringOutcome,
} from '@playlist-alarms/core/cloud/alarm-firing';
import { cardUri } from '@playlist-alarms/core/device/card-uri';
import { alarmCardStart } from '@playlist-alarms/core/device/card-start';
import { cardStartAnswer, PlayConfirmation } from '@playlist-alarms/core/device/play-confirm';
import type { CardStartAnswer } from '@playlist-alarms/core/device/play-confirm';
import type { DeviceMessage, PlayerLink } from '@playlist-alarms/provider/device-link-types';
import { FADE_START_STEP, playerLimitAt } from '@playlist-alarms/core/cloud/fade-in';
import { colourPayload } from '@playlist-alarms/core/cloud/alarm-extras';
import { sleepTimerPayload } from '@playlist-alarms/core/device/mqtt-commands';
import { stepToPercent } from '@playlist-alarms/core/device/volume-limit';
import { PLAYER_VOLUME_STEPS } from '@playlist-alarms/core/shared/constants';
import { sleep, type WorkerClock } from './clock';
import { FadeRunner } from './fade-runner';
import type { PlayerLinks } from './player-links';
import type { PlayerSettings, PlayerSettingsSource } from './player-settings';
import type { NowPlaying } from '@playlist-alarms/core/cloud/firing-lease';
import {
  mergeEvents,
  parseDeviceEvents,
  type DeviceEvents,
} from '@playlist-alarms/core/device/device-messages';

/** What one firing plays, and where. */
export interface RingRequest {
  userId: string;
  deviceId: string;
  cardId: string;
  chapterKey?: string | null;
  trackKey?: string | null;
  /** The cloud alarm's stored 1–10. */
  volume: number;
  /** Epoch ms: card/start goes no earlier than this (the alarm's instant), and ≥ 500 ms after volume/set. */
  startAt?: number;
  /** The alarm's extras for its type (core's activeExtras); absent = none. */
  extras?: { fadeMinutes: number; sleepMinutes: number; nightLight: boolean };
}

export interface RingResult {
  outcome: FiringOutcome;
  detail: string | null;
  /** Epoch ms card/start went to the player, when it played (the history's "how late"). */
  startedAt?: number;
  /** The alarm's fade-in started with it. */
  faded?: boolean;
}

/**
 * What the prepare window found: the player answered ('reachable'), it did not ('offline': it has
 * switched itself off or left the network, and the server cannot wake it), or the worker could not
 * ask ('unknown': no session, or the broker itself was unreachable).
 */
export type PrepareResult = 'reachable' | 'offline' | 'unknown';

/** How long the prepare window waits for the player to answer its events request. */
const PREPARE_PROBE_MS = 5_000;
/** How long a replica that took a firing over waits for the player to say what it plays. */
const NOW_PLAYING_PROBE_MS = 3_000;

/** What the worker adds to one ring (docs/decisions/firing-leases.md). */
export interface RingOptions {
  /** Asked just before card/start: false when the firing's lease is no longer this process's. */
  mayStart?: () => boolean | Promise<boolean>;
  /** Awaited right after card/start went out (the fault-injection seam, fault-hold.ts). */
  afterCardStart?: () => Promise<void>;
}

/** card/start was not sent: the lease may be another replica's by now, so this one stops. */
export class CardStartWithheld extends Error {
  constructor() {
    super('card/start withheld: the firing’s lease is no longer held');
    this.name = 'CardStartWithheld';
  }
}

/** Rings a player: the firing itself. The worker holds one; tests may hand it a recording twin. */
export interface Ringer {
  /** Opens the player's connection ahead of time (prepare window) and asks it to answer; never throws. */
  prepare(userId: string, deviceId: string): Promise<PrepareResult>;
  /** Throws CardStartWithheld when `options.mayStart` says no just before card/start. */
  ring(request: RingRequest, options?: RingOptions): Promise<RingResult>;
  /**
   * Asks the player what it plays (events/request) and waits briefly for its answer; null when it
   * said nothing or could not be reached. Sends nothing else. Never throws.
   */
  nowPlaying(userId: string, deviceId: string): Promise<NowPlaying | null>;
  /**
   * The extras of a ringing whose card/start another process sent (a take-over found the card
   * playing): the sleep timer, the night light and the fade, from now. What was left undone, and
   * whether a fade began. Never throws.
   */
  finishExtras(request: RingRequest): Promise<{ detail: string | null; faded: boolean }>;
  /** Closes the player links unused for ten minutes (the worker calls it on every look). */
  closeIdle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real ringer (docs/decisions/alarm-firing-claims.md): over the player's reused link it sends volume/set,
 * waits 500 ms, sends card/start, and waits up to 10 s for the player to say it plays the card: its events
 * (merged, as they are deltas) or its `card: OK`.
 */
export class MqttRinger implements Ringer {
  private readonly fades: FadeRunner;

  constructor(
    private readonly links: PlayerLinks,
    private readonly clock: WorkerClock,
    private readonly cardLinkHost: string,
    private readonly settings: PlayerSettingsSource = () => Promise.resolve(null),
  ) {
    this.fades = new FadeRunner(links, clock);
  }

  /** Fades still stepping (for the status and tests). */
  get fading(): number {
    return this.fades.size;
  }

  async prepare(userId: string, deviceId: string): Promise<PrepareResult> {
    try {
      const opened = await this.links.open(userId, deviceId);
      if (!opened.ok) return 'unknown';
      // Asked every time, even on a link that heard the player before: a player heard minutes ago
      // (an earlier ringing, another alarm's prepare) may have switched itself off since. A
      // switched-on player answers at once; one that is off says nothing.
      let answered = false;
      const asked = await this.askPlayer(opened.link, deviceId, PREPARE_PROBE_MS, () => (answered = true));
      if (!asked) return 'unknown';
      return answered ? 'reachable' : 'offline';
    } catch {
      return 'unknown';
    }
  }

  async nowPlaying(userId: string, deviceId: string): Promise<NowPlaying | null> {
    try {
      const opened = await this.links.open(userId, deviceId);
      if (!opened.ok) return null;
      // A holder, not a local: TypeScript does not see the listener assign it.
      const said: { events: DeviceEvents | null } = { events: null };
      const asked = await this.askPlayer(opened.link, deviceId, NOW_PLAYING_PROBE_MS, (message) => {
        if (message.kind !== 'events') return false;
        const events = parseDeviceEvents(message.payload);
        if (events === null) return false;
        // The answer to events/request is the player's whole state; merged in case a delta comes first.
        said.events = mergeEvents(said.events, events);
        return said.events.cardId !== undefined && said.events.playbackStatus !== undefined;
      });
      const seen = said.events;
      if (!asked || seen === null) return null;
      return { cardId: seen.cardId ?? null, playbackStatus: seen.playbackStatus ?? null };
    } catch {
      return null;
    }
  }

  /**
   * Sends `events/request` and hands each message of the player to `hear` until it says the answer
   * is complete, or `ms` pass. False when the request could not be sent.
   */
  private async askPlayer(
    link: PlayerLink,
    deviceId: string,
    ms: number,
    hear: (message: DeviceMessage) => boolean,
  ): Promise<boolean> {
    let complete: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      complete = resolve;
    });
    const unsubscribe = link.onMessage((message: DeviceMessage) => {
      if (message.deviceId === deviceId && hear(message)) complete();
    });
    try {
      if (!link.send('events/request', null)) return false;
      await Promise.race([answered, sleep(this.clock, ms)]);
      return true;
    } finally {
      unsubscribe();
    }
  }

  async finishExtras(request: RingRequest): Promise<{ detail: string | null; faded: boolean }> {
    const extras = request.extras;
    if (extras === undefined) return { detail: null, faded: false };
    try {
      const settings =
        extras.fadeMinutes > 0 || extras.nightLight
          ? await this.settings(request.userId, request.deviceId).catch(() => null)
          : null;
      // The fade starts over from the quietest step: the dead holder's steps stopped with it.
      if (extras.fadeMinutes > 0) {
        const opened = await this.links.open(request.userId, request.deviceId);
        if (opened.ok) opened.link.send('volume/set', { volume: stepToPercent(FADE_START_STEP) });
      }
      return await this.afterPlaying(request, extras, settings, this.clock.now().getTime());
    } catch (error) {
      return { detail: `the extras were not sent: ${String(error)}`, faded: false };
    }
  }

  async ring(request: RingRequest, options: RingOptions = {}): Promise<RingResult> {
    const opened = await this.links.open(request.userId, request.deviceId);
    if (!opened.ok) {
      return opened.reason === 'no-token'
        ? { outcome: 'failed', detail: 'no session for the user' }
        : { outcome: 'player-offline', detail: 'could not connect to the player' };
    }
    const { link } = opened;
    const extras = request.extras ?? { fadeMinutes: 0, sleepMinutes: 0, nightLight: false };
    // Read beside the ringing, so card/start is never late for it; the extras go after it.
    const settings: Promise<PlayerSettings | null> =
      extras.fadeMinutes > 0 || extras.nightLight
        ? this.settings(request.userId, request.deviceId).catch(() => null)
        : Promise.resolve(null);
    let afterStart = false;
    // Heard during this ringing (it asks for events first): a player heard only before it, on a
    // link kept from an earlier ringing, may be off now, and is then "player-offline".
    let heardFromPlayer = false;
    const confirmation = new PlayConfirmation(request.cardId);
    let response: CardStartAnswer | null = null;
    let settle: () => void = () => undefined;
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const unsubscribe = link.onMessage((message: DeviceMessage) => {
      if (message.deviceId !== request.deviceId) return;
      heardFromPlayer = true;
      if (message.kind === 'events') {
        // Every event, the answer to events/request before card/start too: later ones are deltas.
        confirmation.noteEvents(message.payload, afterStart);
        if (confirmation.playing) settle();
      } else if (message.kind === 'response' && afterStart) {
        // `card: OK` is the player's own word that it started the card: it confirms as the events do.
        response = cardStartAnswer(message.payload) ?? response;
        if (response !== null) settle();
      }
    });
    try {
      // The player pushes events only within 5 minutes of a request: ask again, or stay blind.
      const sent =
        link.send('events/request', null) &&
        link.send('volume/set', {
          // A fading alarm starts on the quietest step and climbs once the card plays.
          volume:
            extras.fadeMinutes > 0 ? stepToPercent(FADE_START_STEP) : alarmVolumeForPlayer(request.volume),
        });
      if (!sent) return { outcome: 'player-offline', detail: 'the connection to the player dropped' };
      const untilStart = (request.startAt ?? 0) - this.clock.now().getTime();
      await sleep(this.clock, Math.max(VOLUME_TO_CARD_DELAY_MS, untilStart));
      if ((await options.mayStart?.()) === false) throw new CardStartWithheld();
      afterStart = true;
      const uri = cardUri(this.cardLinkHost, request.cardId);
      // From the beginning: without secondsIn the player would resume wherever the card was left.
      const startedAt = this.clock.now().getTime();
      const started = link.send(
        'card/start',
        alarmCardStart(uri, { chapterKey: request.chapterKey, trackKey: request.trackKey }),
      );
      if (!started) return { outcome: 'player-offline', detail: 'the connection to the player dropped' };
      await options.afterCardStart?.();
      await Promise.race([settled, sleep(this.clock, PLAY_CONFIRM_TIMEOUT_MS)]);
      const outcome = firingOutcome({
        connected: true,
        heardFromPlayer,
        playingCard: confirmation.playing,
        cardStartResponse: response,
      });
      if (outcome !== 'played') {
        return { outcome, detail: outcome === 'failed' ? 'the player refused card/start' : null };
      }
      const undone = await this.afterPlaying(request, extras, await settings, startedAt);
      return { outcome, detail: undone.detail, startedAt, faded: undone.faded };
    } finally {
      unsubscribe();
    }
  }

  /**
   * The extras once the card plays: the bedtime routine's sleep timer and night light, and the
   * wake-up fade (started, not awaited: it steps for minutes). Returns what was left undone, and
   * whether a fade began.
   */
  private async afterPlaying(
    request: RingRequest,
    extras: NonNullable<RingRequest['extras']>,
    settings: PlayerSettings | null,
    startedAt: number,
  ): Promise<{ detail: string | null; faded: boolean }> {
    const opened = await this.links.open(request.userId, request.deviceId);
    if (!opened.ok)
      return { detail: 'the extras were not sent: the connection to the player dropped', faded: false };
    const undone: string[] = [];
    if (
      extras.sleepMinutes > 0 &&
      !opened.link.send('sleep-timer/set', sleepTimerPayload(extras.sleepMinutes))
    )
      undone.push('sleep timer not sent');
    if (extras.nightLight) {
      const colour = colourPayload(settings?.nightAmbientColour);
      if (colour === null || !opened.link.send('ambients/set', colour)) undone.push('night light not set');
    }
    if (extras.fadeMinutes > 0) {
      const limit =
        settings === null ? PLAYER_VOLUME_STEPS : playerLimitAt(settings, settings.timeZone, startedAt);
      void this.fades.start({
        userId: request.userId,
        deviceId: request.deviceId,
        volume: request.volume,
        minutes: extras.fadeMinutes,
        limit,
        startedAt,
      });
    }
    return { detail: undone.length === 0 ? null : undone.join('; '), faded: extras.fadeMinutes > 0 };
  }

  closeIdle(): Promise<void> {
    return this.links.closeIdle();
  }

  async close(): Promise<void> {
    await this.fades.stopAll();
    await this.links.closeAll();
  }
}
