import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import BatteryStdIcon from '@mui/icons-material/BatteryStd';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import WifiIcon from '@mui/icons-material/Wifi';
import { statusChips } from '@playlist-alarms/core/status-report';
import type { StatusSources } from '@playlist-alarms/core/status-report';

/** Battery (charging mark; green above 20 %), WiFi band and volume value/volumeMax (SPEC §2). */
export function DeviceStatusChips({ sources }: { sources: StatusSources }) {
  const { battery, wifi, volume } = statusChips(sources);
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Chip
        size="small"
        icon={<BatteryStdIcon />}
        label={battery.label}
        color={battery.colour}
        variant="outlined"
        aria-label={`Battery ${battery.label}`}
      />
      <Chip
        size="small"
        icon={<WifiIcon />}
        label={wifi.label}
        variant="outlined"
        aria-label={`WiFi ${wifi.label}`}
      />
      <Chip
        size="small"
        icon={<VolumeUpIcon />}
        label={volume.label}
        variant="outlined"
        aria-label={`Volume ${volume.label}`}
      />
    </Stack>
  );
}
