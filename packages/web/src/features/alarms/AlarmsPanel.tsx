import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useDevices } from '../../api/get-devices';
import { CloudAlarmCard } from './cloud/CloudAlarmCard';
import { DeviceAlarmList, type KnownTitle } from './DeviceAlarmList';

/**
 * The Alarm Management tab (a lazy chunk): the cloud alarm card, then a panel per player.
 * `knownTitle` names a card from the household's playlist lists (app composes them).
 */
export function AlarmsPanel({ knownTitle }: { knownTitle: KnownTitle }) {
  const devices = useDevices();
  const list = devices.data ?? [];

  return (
    <Stack spacing={2}>
      <Typography variant="h2" component="h2">
        Alarm Management
      </Typography>
      <CloudAlarmCard devices={list} knownTitle={knownTitle} />
      {devices.data?.length === 0 && <Typography color="text.secondary">No devices found.</Typography>}
      {list.map((device) => (
        // unmountOnExit: a player's alarm list mounts, and so loads, only when its panel opens.
        <Accordion key={device.deviceId} slotProps={{ transition: { unmountOnExit: true } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography sx={{ fontWeight: 700 }}>{device.name}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <DeviceAlarmList deviceId={device.deviceId} />
          </AccordionDetails>
        </Accordion>
      ))}
    </Stack>
  );
}
