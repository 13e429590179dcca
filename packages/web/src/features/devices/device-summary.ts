import type { DeviceEvents } from '@playlist-alarms/core/device/device-messages';
import { activeCardId } from '@playlist-alarms/core/device/device-message-fields';
import { MQTT_CONNECTING } from '@playlist-alarms/core/texts/device-texts';
import { MQTT_CONNECTED_LABEL, MQTT_DISCONNECTED_LABEL } from '@playlist-alarms/core/texts/messages';
import type { LinkStatus } from '@playlist-alarms/provider/device-link-types';

/** The per-player MQTT chip: the header chip's words, plus connecting. */
export const mqttChipLabel = (status: LinkStatus): string =>
  status === 'connected'
    ? MQTT_CONNECTED_LABEL
    : status === 'connecting'
      ? MQTT_CONNECTING
      : MQTT_DISCONNECTED_LABEL;

/** "Playing: Track one" / "Paused: …" while the player holds a card; null when idle or unknown. */
export function nowPlayingLine(events: DeviceEvents | null | undefined): string | null {
  if (!events || !activeCardId(events)) return null;
  const status = events.playbackStatus;
  if (status !== 'playing' && status !== 'paused') return null;
  const what = events.trackTitle ?? events.chapterTitle ?? activeCardId(events);
  return `${status === 'playing' ? 'Playing' : 'Paused'}: ${what}`;
}
