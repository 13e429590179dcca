import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import Fab from '@mui/material/Fab';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';

// The tour is its own chunk, fetched on the first press: until then the page carries only this button.
const GuidedTour = lazy(() => import('./GuidedTour').then((module) => ({ default: module.GuidedTour })));

/** The floating help button: it starts the guided tour, and takes focus back when the tour ends. */
export function HelpFab() {
  const [touring, setTouring] = useState(false);
  const fab = useRef<HTMLButtonElement>(null);
  const ended = useRef(false);
  const end = useCallback(() => {
    ended.current = true;
    setTouring(false);
  }, []);

  // After the tour has unmounted, so its focus trap no longer holds focus.
  useEffect(() => {
    if (touring || !ended.current) return;
    ended.current = false;
    fab.current?.focus();
  }, [touring]);

  return (
    <>
      <Fab
        ref={fab}
        color="primary"
        aria-label="Start the guided tour"
        aria-haspopup="dialog"
        onClick={() => setTouring(true)}
        sx={{ position: 'fixed', right: 16, bottom: 16 }}
      >
        <HelpOutlineIcon />
      </Fab>
      {touring && (
        <Suspense fallback={null}>
          <GuidedTour onEnd={end} />
        </Suspense>
      )}
    </>
  );
}
