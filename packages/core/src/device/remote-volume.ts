// The remote control's volume synchronisation, as a pure state machine on the 0–14
// gauge, plus a small driver that runs its timers. The UI moves at once; the player hears the
// value 800 ms after the last change; what the player reports back is ignored while an update
// is in flight, confirmed by a forced check 3 s after the send, and adopted when it strays by
// more than 2 from what the UI shows without being the value we wait for.
import { REMOTE_VOLUME } from '../shared/constants';
import { gaugeToPercent } from './volume';

type RemoteVolumeTimer = 'debounce' | 'updating' | 'forcedSync';

interface RemoteVolumeState {
  /** The gauge value the UI shows, 0–14. */
  value: number;
  /** On from a user change until 500 ms after its send; device reports are ignored meanwhile. */
  updating: boolean;
  /** A user value waiting for the 800 ms debounce. */
  pending: number | null;
  /** The value sent, until the device confirms it or the forced sync runs. */
  awaited: number | null;
  /** The last gauge value the device reported (kept even while ignored, for the forced sync). */
  device: number | null;
  /** The highest level the player's volume limit allows (volume-limit.ts maxGaugeUnder), 0–14. */
  max: number;
}

type RemoteVolumeEvent =
  | { type: 'user'; value: number }
  | { type: 'device'; value: number }
  | { type: 'limit'; max: number }
  | { type: 'elapsed'; timer: RemoteVolumeTimer };

type RemoteVolumeEffect =
  | { type: 'send'; gauge: number; percent: number }
  | { type: 'schedule'; timer: RemoteVolumeTimer; ms: number }
  | { type: 'cancel'; timer: RemoteVolumeTimer };

interface RemoteVolumeStep {
  state: RemoteVolumeState;
  effects: RemoteVolumeEffect[];
}

export const initialRemoteVolume = (
  value: number = REMOTE_VOLUME.default,
  max: number = REMOTE_VOLUME.max,
): RemoteVolumeState => ({
  value: Math.min(toGauge(value), toGauge(max)),
  updating: false,
  pending: null,
  awaited: null,
  device: null,
  max: toGauge(max),
});

const toGauge = (value: number): number => Math.min(REMOTE_VOLUME.max, Math.max(0, Math.round(value)));

const differs = (a: number, b: number): boolean => Math.abs(a - b) > REMOTE_VOLUME.mismatchTolerance;

export function remoteVolumeStep(state: RemoteVolumeState, event: RemoteVolumeEvent): RemoteVolumeStep {
  switch (event.type) {
    case 'user': {
      // Never past the limit: the player would clamp it and the gauge would jump back.
      const value = Math.min(toGauge(event.value), state.max);
      return {
        state: { ...state, value, pending: value, updating: true },
        // A newer change restarts the debounce and keeps the flag on past the earlier send.
        effects: [
          { type: 'cancel', timer: 'updating' },
          { type: 'schedule', timer: 'debounce', ms: REMOTE_VOLUME.debounceMs },
        ],
      };
    }
    case 'device':
      return onDeviceReport(state, toGauge(event.value));
    case 'limit':
      return { state: withLimit(state, toGauge(event.max)), effects: [] };
    case 'elapsed':
      return onElapsed(state, event.timer);
  }
}

/** A new limit: what is shown or waiting above it comes down to it, as the player's volume does. */
function withLimit(state: RemoteVolumeState, max: number): RemoteVolumeState {
  if (max === state.max) return state;
  return {
    ...state,
    max,
    value: Math.min(state.value, max),
    pending: state.pending === null ? null : Math.min(state.pending, max),
  };
}

function onDeviceReport(state: RemoteVolumeState, value: number): RemoteVolumeStep {
  const first = state.device === null;
  const next = { ...state, device: value };
  if (state.updating) return { state: next, effects: [] };
  if (state.awaited !== null && value === state.awaited) {
    return {
      state: { ...next, value, awaited: null },
      effects: [{ type: 'cancel', timer: 'forcedSync' }],
    };
  }
  // The first report is the player's real volume: take it exactly, not only past the tolerance.
  if (first || differs(value, state.value)) {
    return {
      state: { ...next, value, awaited: null },
      effects: [{ type: 'cancel', timer: 'forcedSync' }],
    };
  }
  return { state: next, effects: [] };
}

function onElapsed(state: RemoteVolumeState, timer: RemoteVolumeTimer): RemoteVolumeStep {
  switch (timer) {
    case 'debounce': {
      if (state.pending === null) return { state, effects: [] };
      const gauge = state.pending;
      return {
        state: { ...state, pending: null, awaited: gauge },
        effects: [
          { type: 'send', gauge, percent: gaugeToPercent(gauge) },
          { type: 'schedule', timer: 'updating', ms: REMOTE_VOLUME.updatingClearMs },
          { type: 'schedule', timer: 'forcedSync', ms: REMOTE_VOLUME.forcedSyncMs },
        ],
      };
    }
    case 'updating':
      // A change made after the send keeps the flag until its own send.
      return { state: state.pending === null ? { ...state, updating: false } : state, effects: [] };
    case 'forcedSync': {
      if (state.awaited === null || state.updating) return { state, effects: [] };
      const { device } = state;
      // Reports that came while updating were ignored: settle on what the player last said.
      if (device !== null && (device === state.awaited || differs(device, state.value))) {
        return { state: { ...state, value: device, awaited: null }, effects: [] };
      }
      return { state: { ...state, awaited: null }, effects: [] };
    }
  }
}

/** The host's timers (core has no clock of its own): window.setTimeout in the browser. */
export interface RemoteVolumeTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Runs the state machine: owns its three timers, sends through `send`, tells `onChange`. */
export class RemoteVolumeSync {
  private current: RemoteVolumeState;
  private readonly handles = new Map<RemoteVolumeTimer, unknown>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly send: (percent: number, gauge: number) => void,
    private readonly timers: RemoteVolumeTimers,
    initial: RemoteVolumeState = initialRemoteVolume(),
  ) {
    this.current = initial;
  }

  get state(): RemoteVolumeState {
    return this.current;
  }

  /** The user picked a gauge value (mute is 0). */
  setByUser(value: number): void {
    this.dispatch({ type: 'user', value });
  }

  /** The player reported its volume, converted to the gauge. */
  reportFromDevice(value: number): void {
    this.dispatch({ type: 'device', value });
  }

  /** The player reported its limit, as the highest gauge level it allows. */
  setLimit(max: number): void {
    this.dispatch({ type: 'limit', max });
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    for (const handle of this.handles.values()) this.timers.clear(handle);
    this.handles.clear();
    this.listeners.clear();
  }

  private dispatch(event: RemoteVolumeEvent): void {
    const { state, effects } = remoteVolumeStep(this.current, event);
    const changed = state !== this.current;
    this.current = state;
    for (const effect of effects) this.run(effect);
    if (changed) for (const listener of this.listeners) listener();
  }

  private run(effect: RemoteVolumeEffect): void {
    switch (effect.type) {
      case 'send':
        this.send(effect.percent, effect.gauge);
        return;
      case 'cancel':
        this.cancel(effect.timer);
        return;
      case 'schedule': {
        this.cancel(effect.timer);
        const handle = this.timers.set(() => {
          this.handles.delete(effect.timer);
          this.dispatch({ type: 'elapsed', timer: effect.timer });
        }, effect.ms);
        this.handles.set(effect.timer, handle);
        return;
      }
    }
  }

  private cancel(timer: RemoteVolumeTimer): void {
    const handle = this.handles.get(timer);
    if (handle === undefined) return;
    this.timers.clear(handle);
    this.handles.delete(timer);
  }
}
