import { useCallback, useEffect, useRef, useState } from 'react';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Portal from '@mui/material/Portal';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FocusTrap from '@mui/material/Unstable_TrapFocus';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { tourView } from '@playlist-alarms/core/texts/guided-tour';
import { MAIN_TABS_ELEMENT_ID, mainTabElementId } from '@playlist-alarms/core/texts/main-tabs';
import { useMainTab } from '../../services/main-tab';
import { useDelayedHighlight } from './use-delayed-highlight';

const TITLE_ID = 'guided-tour-title';
const BODY_ID = 'guided-tour-body';
const SPOTLIGHT_GAP_PX = 4;
// Clear of the target's outline, and off the screen's edges on a phone.
const POPPER_MODIFIERS = [
  { name: 'offset', options: { offset: [0, 12] } },
  { name: 'preventOverflow', options: { padding: 8 } },
];

/**
 * The guided tour, a lazy chunk loaded on the help button's first press. Each step is a dialog
 * beside what it is about; focus stays in it (Tab cycles Back, Next, Done), Escape or a click
 * outside ends the tour, and the caller gives focus back to the help button.
 */
export function GuidedTour({ onEnd }: { onEnd: () => void }) {
  const [index, setIndex] = useState(0);
  const view = tourView(index);
  const { step } = view;
  const { setTab } = useMainTab();
  const dialog = useRef<HTMLDivElement>(null);

  // The step's tab opens through the app's navigation state, as if the parent had chosen it.
  useEffect(() => {
    if (step.opens) setTab(step.opens);
  }, [setTab, step.opens]);

  // Each new step takes focus, so a screen reader reads its title. (The first is focused by the trap.)
  useEffect(() => {
    dialog.current?.focus();
  }, [index]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onEnd();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onEnd]);

  const targetId = step.highlights ? mainTabElementId(step.highlights) : null;
  const spotlight = useDelayedHighlight(index, targetId);
  // The welcome has no target: it sits under the tab bar.
  const anchorId = targetId ?? MAIN_TABS_ELEMENT_ID;
  const anchor = useCallback(() => document.getElementById(anchorId) ?? document.body, [anchorId]);

  return (
    <>
      <Portal>
        {/* Dims the page and ends the tour on a click outside; see-through once the spotlight dims. */}
        <Backdrop
          open
          invisible={spotlight !== null}
          onClick={onEnd}
          sx={{ zIndex: (theme) => theme.zIndex.modal }}
        />
        {spotlight && (
          <Box
            aria-hidden
            data-testid="tour-highlight"
            data-target={targetId}
            style={{
              top: spotlight.top - SPOTLIGHT_GAP_PX,
              left: spotlight.left - SPOTLIGHT_GAP_PX,
              width: spotlight.width + 2 * SPOTLIGHT_GAP_PX,
              height: spotlight.height + 2 * SPOTLIGHT_GAP_PX,
            }}
            sx={{
              position: 'fixed',
              zIndex: (theme) => theme.zIndex.modal + 1,
              pointerEvents: 'none',
              borderRadius: 1,
              outline: '3px solid',
              outlineColor: 'primary.main',
              // The page around the target stays dimmed as under the backdrop.
              boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.5)',
            }}
          />
        )}
      </Portal>
      <Popper
        open
        anchorEl={anchor}
        placement="bottom"
        modifiers={POPPER_MODIFIERS}
        // Not MUI's default "tooltip": the step inside is a dialog.
        role="presentation"
        sx={{ zIndex: (theme) => theme.zIndex.modal + 2 }}
      >
        <FocusTrap open disableRestoreFocus>
          <Paper
            ref={dialog}
            role="dialog"
            aria-modal="true"
            aria-labelledby={TITLE_ID}
            aria-describedby={BODY_ID}
            tabIndex={-1}
            elevation={8}
            sx={{ p: 2.5, width: 340, maxWidth: 'calc(100vw - 16px)', outline: 'none' }}
          >
            <Typography id={TITLE_ID} variant="h6" component="h2" gutterBottom>
              {step.title}
            </Typography>
            <Typography id={BODY_ID} variant="body2">
              {step.body}
            </Typography>
            <Stack direction="row" sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="body2" color="text.secondary">
                <span aria-hidden>{view.counter}</span>
                {/* Read by a screen reader ("Step 1 of 4" beside the visible "1/4"), hidden from sight. */}
                <Box component="span" sx={visuallyHidden}>
                  {view.counterLabel}
                </Box>
              </Typography>
              <Stack direction="row" spacing={1}>
                <Button disabled={!view.canGoBack} onClick={() => setIndex(index - 1)}>
                  Back
                </Button>
                {view.canGoNext ? (
                  <Button variant="contained" onClick={() => setIndex(index + 1)}>
                    Next
                  </Button>
                ) : (
                  <Button variant="contained" onClick={onEnd}>
                    Done
                  </Button>
                )}
              </Stack>
            </Stack>
          </Paper>
        </FocusTrap>
      </Popper>
    </>
  );
}
