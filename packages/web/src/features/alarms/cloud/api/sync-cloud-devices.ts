import { DEFAULT_DEVICE_TYPE } from '@playlist-alarms/core/shared/constants';
import type { Device } from '@playlist-alarms/core/shared/entities';
import { CLOUD_CONTEXTS } from '@playlist-alarms/core/texts/messages';
import type { AppServices } from '../../../../services/app-services';
import { inContext } from './cloud-context';

/** The sign-in sync of the players (POST /api/devices, one per player, in turn). */
export const syncCloudDevices = (loadCloud: AppServices['loadCloud'], devices: readonly Device[]) =>
  inContext(CLOUD_CONTEXTS.syncDevices, async () => {
    const cloud = await loadCloud();
    for (const device of devices) {
      await cloud.saveDevice({
        yoto_device_id: device.deviceId,
        device_name: device.name,
        device_type: device.deviceType || DEFAULT_DEVICE_TYPE,
      });
    }
  });
