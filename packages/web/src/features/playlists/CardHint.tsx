import { Suspense, lazy, useRef, useState } from 'react';
import type { ReactElement } from 'react';

// MUI's Tooltip brings Popper.js (about 11 kB gzip) into the first view; the cards' hints load it
// on the first hover or focus instead. The button's own element never changes (a remount between
// pointer down and click would lose the click): the tooltip is drawn beside it, anchored to it.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

export interface CardHintProps {
  title: string;
  children: ReactElement;
}

/** A tooltip for a card button; the buttons carry the same text as their accessible name. */
export function CardHint({ title, children }: CardHintProps) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const show = () => {
    setWanted(true);
    setOpen(true);
  };
  const hide = () => setOpen(false);
  return (
    <>
      {/* The span also receives hover over a disabled button, which fires no events itself. */}
      <span
        ref={anchor}
        style={{ display: 'inline-flex' }}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
      >
        {children}
      </span>
      {wanted && (
        <Suspense fallback={null}>
          <Tooltip
            title={title}
            open={open}
            disableHoverListener
            disableFocusListener
            disableTouchListener
            slotProps={{ popper: { anchorEl: () => anchor.current! } }}
          >
            <span hidden />
          </Tooltip>
        </Suspense>
      )}
    </>
  );
}
