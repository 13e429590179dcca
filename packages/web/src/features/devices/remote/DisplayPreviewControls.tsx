import { useState } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DISPLAY_PREVIEW } from '@playlist-alarms/core/shared/constants';
import { DISPLAY_PREVIEW_TITLE } from '@playlist-alarms/core/texts/device-texts';
import { displayPreviewPayload } from '@playlist-alarms/core/device/mqtt-commands';
import { hasUri } from '@playlist-alarms/core/device/remote-control';
import type { SendCommand } from '../use-device-command';

/** Shows an icon on the player's display: URI, timeout 1–60 s (default 5) and animated. */
export function DisplayPreviewControls({ send }: { send: SendCommand }) {
  const [uri, setUri] = useState('');
  const [timeoutSeconds, setTimeoutSeconds] = useState<number>(DISPLAY_PREVIEW.defaultTimeoutSeconds);
  const [animated, setAnimated] = useState(false);

  return (
    <Stack spacing={1.5} component="section" aria-label={DISPLAY_PREVIEW_TITLE}>
      <Typography variant="subtitle2" component="h5">
        {DISPLAY_PREVIEW_TITLE}
      </Typography>
      <TextField size="small" label="Icon URI" value={uri} onChange={(event) => setUri(event.target.value)} />
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          Timeout
        </Typography>
        <Slider
          aria-label="Preview timeout seconds"
          min={DISPLAY_PREVIEW.minTimeoutSeconds}
          max={DISPLAY_PREVIEW.maxTimeoutSeconds}
          value={timeoutSeconds}
          onChange={(_event, value) => setTimeoutSeconds(value)}
          valueLabelDisplay="auto"
        />
        <Typography variant="body2" sx={{ minWidth: 32, textAlign: 'right' }}>
          {`${timeoutSeconds}s`}
        </Typography>
      </Stack>
      <FormControlLabel
        control={<Switch checked={animated} onChange={(event) => setAnimated(event.target.checked)} />}
        label="Animated"
      />
      <Button
        variant="contained"
        size="small"
        sx={{ alignSelf: 'flex-start' }}
        disabled={!hasUri(uri)}
        onClick={() => send('display/preview', displayPreviewPayload({ uri, timeoutSeconds, animated }))}
      >
        Show Preview
      </Button>
    </Stack>
  );
}
