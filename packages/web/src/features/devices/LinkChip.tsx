import Chip from '@mui/material/Chip';
import { useLinkStatus } from '../../services/use-realtime';
import { mqttChipLabel } from './device-summary';

/** A player's "MQTT Connected" chip, following its link. */
export function LinkChip({ deviceId }: { deviceId: string }) {
  const link = useLinkStatus(deviceId);
  return (
    <Chip
      size="small"
      variant="outlined"
      label={mqttChipLabel(link)}
      color={link === 'connected' ? 'success' : 'default'}
    />
  );
}
