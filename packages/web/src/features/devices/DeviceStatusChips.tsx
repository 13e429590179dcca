import { memo } from 'react';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import BatteryStdIcon from '@mui/icons-material/BatteryStd';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import WifiIcon from '@mui/icons-material/Wifi';
import { statusChips } from '@playlist-alarms/core/device/status-report';
import type { StatusChipModel, StatusSources } from '@playlist-alarms/core/device/status-report';
import { useStatusSources } from './use-status-sources';

const ICONS = { battery: BatteryStdIcon, wifi: WifiIcon, volume: VolumeUpIcon } as const;
const NAMES = { battery: 'Battery', wifi: 'WiFi', volume: 'Volume' } as const;

/**
 * One chip, re-rendered only when its own label or colour changes: a player's events arrive every
 * second while it plays and usually change none of the three.
 */
const StatusChip = memo(function StatusChip({
  kind,
  label,
  colour,
}: {
  kind: keyof typeof ICONS;
  label: string;
  colour: StatusChipModel['colour'];
}) {
  const Icon = ICONS[kind];
  return (
    <Chip
      size="small"
      icon={<Icon />}
      label={label}
      color={colour}
      variant="outlined"
      aria-label={`${NAMES[kind]} ${label}`}
    />
  );
});

/** Battery (charging mark; green above 20 %), WiFi band and volume value/volumeMax. */
function DeviceStatusChips({ sources }: { sources: StatusSources }) {
  const { battery, wifi, volume } = statusChips(sources);
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
      <StatusChip kind="battery" label={battery.label} colour={battery.colour} />
      <StatusChip kind="wifi" label={wifi.label} colour={wifi.colour} />
      <StatusChip kind="volume" label={volume.label} colour={volume.colour} />
    </Stack>
  );
}

/** The chips of one player, following its messages (the status header and the overview row). */
export function LiveStatusChips({ deviceId }: { deviceId: string }) {
  return <DeviceStatusChips sources={useStatusSources(deviceId)} />;
}
