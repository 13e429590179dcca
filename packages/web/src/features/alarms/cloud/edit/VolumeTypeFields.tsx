import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Slider from '@mui/material/Slider';
import { CLOUD_VOLUME_SLIDER, type CloudAlarmDraft } from '@playlist-alarms/core/cloud/cloud-alarm-draft';
import { AlarmTypeField } from '../../AlarmDialogFields';

type Change = (change: Partial<CloudAlarmDraft>) => void;
const MARKS = CLOUD_VOLUME_SLIDER.marks.map((value) => ({ value, label: `${value}%` }));

/**
 * The volume the server sets before it starts the card (whole tenths: the server keeps 1–10, unlike
 * a player alarm's steps of 16), and wakeup or bedtime.
 */
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
      <AlarmTypeField type={draft.alarmType} onChange={(alarmType) => update({ alarmType })} />
    </>
  );
}
