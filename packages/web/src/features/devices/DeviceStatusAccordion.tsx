import { memo, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { Device } from '@playlist-alarms/core/shared/entities';
import { DETAILED_STATUS_REPORT, DEVICE_STATUS } from '@playlist-alarms/core/texts/device-texts';
import { noStatusData } from '@playlist-alarms/core/texts/messages';
import { hasStatusData } from '@playlist-alarms/core/device/status-report';
import { LiveStatusChips } from './DeviceStatusChips';
import { SectionToggle } from './SectionToggle';
import { StatusReport } from './StatusReport';
import { useStatusRefresh } from './use-status-refresh';
import { useStatusSources } from './use-status-sources';

/**
 * "Device Status": a collapsed header with a refresh button and the battery, WiFi and volume chips;
 * expanded, the "Detailed Status Report". The header is a row of separate buttons rather than an
 * MUI AccordionSummary, which would nest the refresh button inside another button. Only the chips
 * and the report read the player's messages, so its buttons do not re-render with them.
 */
export const DeviceStatusAccordion = memo(function DeviceStatusAccordion({ device }: { device: Device }) {
  const [open, setOpen] = useState(false);
  const refresh = useStatusRefresh(device.deviceId);
  const detailsId = useId();

  return (
    <Paper variant="outlined" component="section" aria-label={`${device.name} ${DEVICE_STATUS}`}>
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, p: 1 }}>
        <SectionToggle open={open} onToggle={() => setOpen((value) => !value)} controls={detailsId}>
          {DEVICE_STATUS}
        </SectionToggle>
        <LiveStatusChips deviceId={device.deviceId} />
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title="Refresh status">
          <IconButton aria-label={`Refresh status of ${device.name}`} onClick={refresh} size="small">
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Box id={detailsId} sx={{ p: 1.5, pt: 0 }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            {DETAILED_STATUS_REPORT}
          </Typography>
          <LiveStatusReport device={device} />
        </Box>
      </Collapse>
    </Paper>
  );
});

function LiveStatusReport({ device }: { device: Device }) {
  const sources = useStatusSources(device.deviceId);
  return hasStatusData(sources) ? (
    <StatusReport sources={sources} />
  ) : (
    <Typography color="text.secondary">{noStatusData(device.name)}</Typography>
  );
}
