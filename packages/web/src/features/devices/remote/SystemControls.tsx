import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventNoteIcon from '@mui/icons-material/EventNote';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { SYSTEM_BUTTONS, SYSTEM_CONTROLS } from '@playlist-alarms/core/texts/device-texts';
import type { SendCommand } from '../use-device-command';

/** Status and Events ask the player to publish them; Reboot restarts it. */
export function SystemControls({ send }: { send: SendCommand }) {
  return (
    <Stack spacing={1} component="section" aria-label={SYSTEM_CONTROLS}>
      <Typography variant="subtitle1" component="h4">
        {SYSTEM_CONTROLS}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<InfoOutlinedIcon />}
          onClick={() => send('status/request', null)}
        >
          {SYSTEM_BUTTONS.status}
        </Button>
        <Button variant="outlined" startIcon={<EventNoteIcon />} onClick={() => send('events/request', null)}>
          {SYSTEM_BUTTONS.events}
        </Button>
        <Button
          variant="outlined"
          color="warning"
          startIcon={<RestartAltIcon />}
          onClick={() => send('reboot', null)}
        >
          {SYSTEM_BUTTONS.reboot}
        </Button>
      </Stack>
    </Stack>
  );
}
