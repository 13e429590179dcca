import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { timezoneChoices } from '@playlist-alarms/core/shared/constants';

/** A short list of common zones plus the detected one (and the stored one, should it be neither). */
export function TimeZoneField({
  value,
  detected,
  disabled,
  onChange,
}: {
  value: string;
  detected: string;
  disabled: boolean;
  onChange: (zone: string) => void;
}) {
  const choices = timezoneChoices(detected);
  if (!choices.includes(value)) choices.push(value);
  return (
    <TextField
      select
      size="small"
      label="Time zone"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      helperText={`Detected: ${detected}`}
      sx={{ minWidth: 240 }}
    >
      {choices.map((zone) => (
        <MenuItem key={zone} value={zone}>
          {zone}
        </MenuItem>
      ))}
    </TextField>
  );
}
