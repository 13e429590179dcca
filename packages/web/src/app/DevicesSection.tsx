import { DeviceAlarmsPreview } from '../features/alarms/DeviceAlarmsPreview';
import type { RenderDeviceAlarms } from '../features/devices/DeviceCard';
import { DevicesPanel } from '../features/devices/DevicesPanel';

// Where the devices and alarms features meet: each device card shows the player's first alarms,
// each named by the alarms feature from the own playlists and the family library.
const renderAlarms: RenderDeviceAlarms = (deviceId) => <DeviceAlarmsPreview deviceId={deviceId} />;

/** The Device Management tab, its cards showing their alarms (a lazy chunk of MainTabs). */
export function DevicesSection() {
  return <DevicesPanel renderAlarms={renderAlarms} />;
}
