import { Suspense, lazy, useState } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RSSI } from '@playlist-alarms/core/shared/constants';
import { BLUETOOTH_BUTTONS, BLUETOOTH_MANAGEMENT } from '@playlist-alarms/core/texts/device-texts';
import { bluetoothOnPayload } from '@playlist-alarms/core/device/mqtt-commands';
import type { BluetoothOnChoice } from '@playlist-alarms/core/device/mqtt-commands';
import { BLUETOOTH_MODES } from '@playlist-alarms/core/device/remote-control';
import type { SendCommand } from '../use-device-command';

type Mode = BluetoothOnChoice['mode'];

// Asked once, rarely: its own chunk, fetched when Speaker is chosen.
const loadSpeakerModeDialog = () => import('./SpeakerModeDialog');
const SpeakerModeDialog = lazy(() => loadSpeakerModeDialog().then((m) => ({ default: m.SpeakerModeDialog })));

const isMode = (value: string): value is Mode => BLUETOOTH_MODES.some((choice) => choice.mode === value);

/** Bluetooth on (mode, target MAC or name, RSSI threshold), off, bonds, state, connect, disconnect. */
export function BluetoothControls({ send }: { send: SendCommand }) {
  const [mode, setMode] = useState<Mode>('audioSource');
  const [mac, setMac] = useState('');
  const [name, setName] = useState('');
  const [rssi, setRssi] = useState<number>(RSSI.default);
  const [confirmingSpeaker, setConfirmingSpeaker] = useState(false);
  // A speaker waits for a phone: the targets and threshold mean nothing to it (core's payload drops them).
  const speaker = mode === 'speaker';

  const turnOn = () => {
    if (speaker) setConfirmingSpeaker(true);
    else send('bluetooth/on', bluetoothOnPayload({ mode, mac, name, rssi }));
  };

  return (
    <Stack spacing={1.5} component="section" aria-label={BLUETOOTH_MANAGEMENT}>
      <Typography variant="subtitle2" component="h5">
        {BLUETOOTH_MANAGEMENT}
      </Typography>
      <RadioGroup
        row
        aria-label="Bluetooth mode"
        value={mode}
        onChange={(event) => {
          if (!isMode(event.target.value)) return;
          setMode(event.target.value);
          if (event.target.value === 'speaker') void loadSpeakerModeDialog();
        }}
      >
        {BLUETOOTH_MODES.map((choice) => (
          <FormControlLabel key={choice.mode} value={choice.mode} control={<Radio />} label={choice.label} />
        ))}
      </RadioGroup>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
        <TextField
          size="small"
          label="Target MAC address"
          value={mac}
          onChange={(event) => setMac(event.target.value)}
          disabled={speaker}
          helperText="Preferred over the name"
          // Still read while speaker mode disables the field: MUI's disabled grey is 2.7:1.
          slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
          sx={{ flex: 1 }}
        />
        <TextField
          size="small"
          label="Target name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          disabled={speaker}
          sx={{ flex: 1 }}
        />
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          RSSI threshold
        </Typography>
        <Slider
          aria-label="RSSI threshold"
          min={RSSI.min}
          max={RSSI.max}
          step={RSSI.step}
          value={rssi}
          onChange={(_event, value) => setRssi(value)}
          disabled={speaker}
          valueLabelDisplay="auto"
        />
        <Typography variant="body2" sx={{ minWidth: 64, textAlign: 'right' }}>
          {`${rssi} dBm`}
        </Typography>
      </Stack>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" size="small" onClick={turnOn}>
          {BLUETOOTH_BUTTONS.on}
        </Button>
        <Button variant="outlined" size="small" onClick={() => send('bluetooth/off', null)}>
          {BLUETOOTH_BUTTONS.off}
        </Button>
        <Button variant="outlined" size="small" onClick={() => send('bluetooth/delete-bonds', null)}>
          {BLUETOOTH_BUTTONS.deleteBonds}
        </Button>
        <Button variant="outlined" size="small" onClick={() => send('bluetooth/state', null)}>
          {BLUETOOTH_BUTTONS.checkState}
        </Button>
        <Button variant="outlined" size="small" onClick={() => send('bluetooth/connect', null)}>
          {BLUETOOTH_BUTTONS.connect}
        </Button>
        <Button variant="outlined" size="small" onClick={() => send('bluetooth/disconnect', null)}>
          {BLUETOOTH_BUTTONS.disconnect}
        </Button>
      </Stack>
      {confirmingSpeaker && (
        <Suspense fallback={null}>
          <SpeakerModeDialog
            onCancel={() => setConfirmingSpeaker(false)}
            onConfirm={() => {
              setConfirmingSpeaker(false);
              send('bluetooth/on', bluetoothOnPayload({ mode: 'speaker' }));
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
