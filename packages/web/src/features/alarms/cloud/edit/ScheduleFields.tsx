import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import { toggleDay } from '@playlist-alarms/core/alarms/alarm-draft';
import { DIALOG_DAY_ORDER, WEEKDAY_SHORT_LABELS } from '@playlist-alarms/core/alarms/weekdays';
import type { CloudAlarmDraft } from '@playlist-alarms/core/cloud/cloud-alarm-draft';

type Change = (change: Partial<CloudAlarmDraft>) => void;

/** Time of day and the days it rings (Monday first). */
export function ScheduleFields({ draft, update }: { draft: CloudAlarmDraft; update: Change }) {
  return (
    <>
      <TextField
        type="time"
        label="Time"
        value={draft.time}
        onChange={(event) => update({ time: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
      />
      <FormControl component="fieldset">
        <FormLabel component="legend">Days</FormLabel>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {DIALOG_DAY_ORDER.map((day) => (
            <ToggleButton
              key={day}
              value={day}
              size="small"
              color="primary"
              selected={draft.days.includes(day)}
              onChange={() => update({ days: toggleDay(draft.days, day) })}
              sx={{ minWidth: 52 }}
            >
              {WEEKDAY_SHORT_LABELS[day]}
            </ToggleButton>
          ))}
        </Stack>
      </FormControl>
    </>
  );
}
