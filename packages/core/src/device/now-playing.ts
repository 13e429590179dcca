// The now-playing player modal: title, LIVE badge, progress, and the 10-segment
// volume gauge whose value is sent ×10 after an 800 ms debounce, with device reports ignored while
// a change is on its way (flag cleared 1000 ms after the send).
import { PLAYER_MODAL_VOLUME } from '../shared/constants';
import type { DeviceEvents } from './device-messages';
import { gaugeSegmentColour, modalGaugeToPercent, percentToModalGauge } from './volume';
import type { GaugeColour } from './volume';
import { stepToGauge } from './volume-limit';

export const nowPlayingTitle = (device: string): string => `Now Playing on ${device}`;

export const NOW_PLAYING_LABELS = {
  live: 'LIVE',
  /** Repeat and shuffle are disabled with this tooltip (chapters: chapter-navigation.ts). */
  notAvailable: 'Not Available',
  repeat: 'Repeat',
  shuffle: 'Shuffle',
  play: 'Play',
  pause: 'Pause',
  stop: 'Stop',
  mute: 'Mute',
  close: 'Close',
} as const;

interface GaugeSegment {
  /** 1–10. */
  level: number;
  colour: GaugeColour;
}

/** The ten segments: 1–3 red, 4–6 amber, 7–10 green (mute, 0, is a separate control). */
export const MODAL_GAUGE_SEGMENTS: readonly GaugeSegment[] = /* @__PURE__ */ Array.from(
  { length: PLAYER_MODAL_VOLUME.max },
  (_, i) => ({ level: i + 1, colour: gaugeSegmentColour(i + 1, 10) ?? 'green' }),
);

/** The gauge level the modal starts at: 70 → 7. */
export const DEFAULT_MODAL_GAUGE = /* @__PURE__ */ percentToModalGauge(PLAYER_MODAL_VOLUME.default);

/** What volume/set carries for a gauge level: value × 10. */
export const modalVolumePayload = (gauge: number): { volume: number } => ({
  volume: modalGaugeToPercent(gauge),
});

/**
 * A player's reported volume (a step of its 0–16 scale, whatever its limit `volumeMax`) as a gauge
 * level, or null when not reported.
 */
export function reportedModalGauge(events: Pick<DeviceEvents, 'volume'>): number | null {
  if (events.volume === undefined) return null;
  return stepToGauge(events.volume, PLAYER_MODAL_VOLUME.max);
}

export interface ModalVolumeState {
  gauge: number;
  /** A user change waits for its debounce. */
  pending: boolean;
  /** Sent, and the device's answer not yet trusted (until 1000 ms after the send). */
  inFlight: boolean;
  /** The highest level the player's limit allows (volume-limit.ts maxGaugeUnder), 0–10. */
  max: number;
}

type ModalVolumeAction =
  | { type: 'change'; gauge: number }
  | { type: 'sent' }
  | { type: 'settled' }
  | { type: 'reported'; gauge: number }
  | { type: 'limit'; max: number };

export const initialModalVolume: ModalVolumeState = {
  gauge: DEFAULT_MODAL_GAUGE,
  pending: false,
  inFlight: false,
  max: PLAYER_MODAL_VOLUME.max,
};

const clampGauge = (gauge: number): number =>
  Math.min(PLAYER_MODAL_VOLUME.max, Math.max(0, Math.round(gauge)));

/**
 * The UI value moves at once; the device's reports are ignored while a change is pending or in
 * flight, so a slow echo of an older value cannot pull the gauge back under the user's finger.
 */
export function modalVolumeReducer(state: ModalVolumeState, action: ModalVolumeAction): ModalVolumeState {
  switch (action.type) {
    case 'change':
      // Never past the limit: the player would clamp it and the gauge would jump back.
      return { ...state, gauge: Math.min(clampGauge(action.gauge), state.max), pending: true };
    case 'sent':
      return { ...state, pending: false, inFlight: true };
    case 'settled':
      return state.inFlight ? { ...state, inFlight: false } : state;
    case 'reported': {
      if (state.pending || state.inFlight) return state;
      const gauge = clampGauge(action.gauge);
      return gauge === state.gauge ? state : { ...state, gauge };
    }
    case 'limit': {
      const max = clampGauge(action.max);
      return max === state.max ? state : { ...state, max, gauge: Math.min(state.gauge, max) };
    }
  }
}

/** Seconds as "m:ss" for the progress line, such as "1:05". */
export function trackTime(seconds: number | undefined): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? (seconds ?? 0) : 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
