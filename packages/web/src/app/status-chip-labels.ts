import { MQTT_CONNECTED_LABEL, MQTT_DISCONNECTED_LABEL } from '@playlist-alarms/core/texts/messages';

/** The connection summary's four chips, in order: what both the chips and their placeholder show. */
export function statusChipLabels(deviceCount: number, playlistCount: number, mqttConnected: boolean) {
  return [
    'Connected',
    `${deviceCount} Devices`,
    `${playlistCount} Playlists`,
    mqttConnected ? MQTT_CONNECTED_LABEL : MQTT_DISCONNECTED_LABEL,
  ] as const;
}
