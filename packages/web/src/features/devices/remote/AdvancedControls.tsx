import { Suspense, lazy } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { ADVANCED_CONTROLS } from '@playlist-alarms/core/texts/device-texts';
import type { SendCommand } from '../use-device-command';

// Sliders, radios and switches are the panel's bulk and most visits never open them.
const AdvancedControlsBody = lazy(() =>
  import('./AdvancedControlsBody').then((m) => ({ default: m.AdvancedControlsBody })),
);

interface AdvancedControlsProps {
  send: SendCommand;
  /** Why the player has no light controls (a Mini has no ambient light), or null when it has them. */
  noLight?: string | null;
}

/** "Advanced Controls": Ambient LEDs, Sleep Timer, Bluetooth Management, Display Preview. */
export function AdvancedControls({ send, noLight = null }: AdvancedControlsProps) {
  return (
    <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="subtitle1" component="span">
          {ADVANCED_CONTROLS}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Suspense fallback={<CircularProgress size={24} aria-label="Loading advanced controls" />}>
          <AdvancedControlsBody send={send} noLight={noLight} />
        </Suspense>
      </AccordionDetails>
    </Accordion>
  );
}
