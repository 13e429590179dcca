import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { SendCommand } from '../use-device-command';
import { BluetoothControls } from './BluetoothControls';
import { DisplayPreviewControls } from './DisplayPreviewControls';
import { LedControls } from './LedControls';
import { SleepTimerControls } from './SleepTimerControls';

/** The four advanced forms; a separate chunk, loaded when "Advanced Controls" first opens. */
export function AdvancedControlsBody({ send }: { send: SendCommand }) {
  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      <LedControls send={send} />
      <SleepTimerControls send={send} />
      <BluetoothControls send={send} />
      <DisplayPreviewControls send={send} />
    </Stack>
  );
}
