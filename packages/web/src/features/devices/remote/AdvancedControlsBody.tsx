import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AMBIENT_LEDS } from '@playlist-alarms/core/texts/device-texts';
import type { SendCommand } from '../use-device-command';
import { BluetoothControls } from './BluetoothControls';
import { DisplayPreviewControls } from './DisplayPreviewControls';
import { LedControls } from './LedControls';
import { SleepTimerControls } from './SleepTimerControls';

/**
 * The four advanced forms; a separate chunk, loaded when "Advanced Controls" first opens. A player
 * without an ambient light (a Mini) gets a line saying so instead of colours it would ignore.
 */
export function AdvancedControlsBody({
  send,
  noLight = null,
}: {
  send: SendCommand;
  noLight?: string | null;
}) {
  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      {noLight === null ? <LedControls send={send} /> : <NoLight reason={noLight} />}
      <SleepTimerControls send={send} />
      <BluetoothControls send={send} />
      <DisplayPreviewControls send={send} />
    </Stack>
  );
}

function NoLight({ reason }: { reason: string }) {
  return (
    <Stack spacing={1} component="section" aria-label={AMBIENT_LEDS}>
      <Typography variant="subtitle2" component="h5">
        {AMBIENT_LEDS}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="no-ambient-light">
        {reason}
      </Typography>
    </Stack>
  );
}
