import { Suspense, lazy, memo, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Device } from '@playlist-alarms/core/shared/entities';
import { DAY_NIGHT_LOADING, DAY_NIGHT_TITLE } from '@playlist-alarms/core/texts/day-night-texts';
import { SectionToggle } from '../SectionToggle';

// The body (its form, rules and config read) loads with the first opening, not with the tab.
const DayNightSection = lazy(() => import('./DayNightSection'));

/**
 * "Day & Night": a player's day and night settings and its OK-to-wake light, from its config.
 * Collapsed until opened, so the tab reads no config for it; the cloud keeps the config, so it
 * works without an MQTT connection and for an offline player too.
 */
export const DayNightPanel = memo(function DayNightPanel({ device }: { device: Device }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <Paper variant="outlined" component="section" aria-label={`${device.name} ${DAY_NIGHT_TITLE}`}>
      <Box sx={{ p: 1 }}>
        <SectionToggle open={open} onToggle={() => setOpen((value) => !value)} controls={bodyId}>
          {DAY_NIGHT_TITLE}
        </SectionToggle>
      </Box>
      <Collapse in={open} unmountOnExit>
        <Box id={bodyId} sx={{ p: 1.5, pt: 0 }}>
          <Suspense fallback={<Typography color="text.secondary">{DAY_NIGHT_LOADING}</Typography>}>
            <DayNightSection device={device} />
          </Suspense>
        </Box>
      </Collapse>
    </Paper>
  );
});
