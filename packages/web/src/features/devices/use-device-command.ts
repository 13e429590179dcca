import { useCallback } from 'react';
import type { DeviceCommandName, DevicePayloads } from '@playlist-alarms/core/mqtt-commands';
import { MESSAGES } from '@playlist-alarms/core/messages';
import { useNotify } from '../../services/notifier-context';
import { useServices } from '../../services/app-services';

export type SendCommand = <K extends DeviceCommandName>(name: K, payload: DevicePayloads[K]) => boolean;

/** Sends one command to one player; without a connection nothing is sent and SPEC §8 says so. */
export function useDeviceCommand(deviceId: string): SendCommand {
  const { devices } = useServices();
  const notify = useNotify();
  return useCallback(
    <K extends DeviceCommandName>(name: K, payload: DevicePayloads[K]) => {
      const sent = devices.send(deviceId, name, payload);
      if (!sent) notify.error(MESSAGES.deviceNotConnectedViaMqtt);
      return sent;
    },
    [deviceId, devices, notify],
  );
}
