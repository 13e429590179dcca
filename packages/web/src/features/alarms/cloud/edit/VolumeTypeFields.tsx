import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import { ALARM_TYPE_LABELS } from '@playlist-alarms/core/alarms/alarm-draft';
import { CLOUD_VOLUME_SLIDER, type CloudAlarmDraft } from '@playlist-alarms/core/cloud/cloud-alarm-draft';
import { ALARM_TYPES } from '@playlist-alarms/core/shared/constants';

type Change = (change: Partial<CloudAlarmDraft>) => void;
const MARKS = CLOUD_VOLUME_SLIDER.marks.map((value) => ({ value, label: `${value}%` }));

/** The volume the server sets before it starts the card, and wakeup or bedtime. */
export function VolumeTypeFields({ draft, update }: { draft: CloudAlarmDraft; update: Change }) {
  return (
    <>
      <FormControl>
        <FormLabel id="cloud-alarm-volume">Volume: {draft.volumePercent}%</FormLabel>
        <Slider
          aria-labelledby="cloud-alarm-volume"
          getAriaValueText={(value) => `${value}%`}
          value={draft.volumePercent}
          min={CLOUD_VOLUME_SLIDER.min}
          max={CLOUD_VOLUME_SLIDER.max}
          step={CLOUD_VOLUME_SLIDER.step}
          marks={MARKS}
          valueLabelDisplay="auto"
          onChange={(_event, value) => update({ volumePercent: value })}
          sx={{ mx: 1, width: 'auto' }}
        />
      </FormControl>
      <FormControl>
        <FormLabel id="cloud-alarm-type">Alarm type</FormLabel>
        <RadioGroup
          row
          aria-labelledby="cloud-alarm-type"
          value={draft.alarmType}
          onChange={(_event, value) => {
            const type = ALARM_TYPES.find((t) => t === value);
            if (type) update({ alarmType: type });
          }}
        >
          {ALARM_TYPES.map((type) => (
            <FormControlLabel key={type} value={type} control={<Radio />} label={ALARM_TYPE_LABELS[type]} />
          ))}
        </RadioGroup>
      </FormControl>
    </>
  );
}
