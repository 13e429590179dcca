import { useCallback, useMemo } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { MESSAGES } from '@playlist-alarms/core/messages';
import { useDevices } from '../../api/get-devices';
import { usePlaylists } from '../../api/get-playlists';
import { DeviceAlarmList } from './DeviceAlarmList';

export function AlarmsPanel() {
  const devices = useDevices();
  const playlists = usePlaylists();

  const titles = useMemo(
    () => new Map((playlists.data ?? []).flatMap((p) => (p.cardId ? [[p.cardId, p.title] as const] : []))),
    [playlists.data],
  );
  const titleOf = useCallback((cardId: string) => titles.get(cardId) ?? cardId, [titles]);

  return (
    <Stack spacing={2}>
      <Typography variant="h2" component="h2">
        Alarm Management
      </Typography>
      <Alert severity="info">{MESSAGES.cloudSyncNote}</Alert>
      {devices.data?.length === 0 && <Typography color="text.secondary">No devices found.</Typography>}
      {(devices.data ?? []).map((device) => (
        // unmountOnExit: a player's alarm list mounts, and so loads, only when its panel opens.
        <Accordion key={device.deviceId} slotProps={{ transition: { unmountOnExit: true } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography sx={{ fontWeight: 700 }}>{device.name}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <DeviceAlarmList deviceId={device.deviceId} titleOf={titleOf} />
          </AccordionDetails>
        </Accordion>
      ))}
    </Stack>
  );
}
