import { Suspense, lazy, memo, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { Device } from '@playlist-alarms/core/shared/entities';
import { DAY_NIGHT_LOADING, DAY_NIGHT_TITLE } from '@playlist-alarms/core/texts/day-night-texts';

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
        <Button
          color="inherit"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={open ? bodyId : undefined}
          endIcon={
            <ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: '0.2s' }} />
          }
          sx={{ textTransform: 'none', fontWeight: 600 }}
        >
          {DAY_NIGHT_TITLE}
        </Button>
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
