import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { MouseEvent, ReactElement, TouchEvent } from 'react';

// MUI's Tooltip brings Popper.js (about 11 kB gzip) into the first view; the cards' hints load it
// on the first hover, focus or touch instead. The button's own element never changes (a remount
// between pointer down and click would lose the click): the tooltip is drawn beside it, anchored to it.
const loadTooltip = () => import('@mui/material/Tooltip');
const Tooltip = lazy(loadTooltip);

/** MUI's touch timings: a press this long shows the hint, which stays this long after release. */
export const TOUCH_HINT_DELAY_MS = 700;
export const TOUCH_HINT_LINGER_MS = 1500;
// After a touch, browsers replay it as mouse events and focus: those must not open a sticky hint.
const TOUCH_ECHO_MS = 1000;
// A finger that moves further than this is scrolling the page.
const MOVE_SLOP_PX = 10;

/**
 * Focus the browser would draw a ring for: reached by keyboard. A click's focus, or focus a closing
 * dialog gives back after a click, shows no hint (as MUI's own tooltips): it would stay until blur.
 */
function focusVisible(target: Element): boolean {
  try {
    return target.matches(':focus-visible');
  } catch {
    return false; // a browser without :focus-visible: hover and touch still show the hint
  }
}

interface CardHintProps {
  title: string;
  children: ReactElement<{ disabled?: boolean }>;
}

/**
 * A tooltip for a card button; the buttons carry the same text as their accessible name. With a
 * mouse it shows on hover, with a keyboard on focus; on a touch screen on a long press, as MUI's
 * tooltips do, and on a tap of a disabled button (which does nothing else). A disabled button gets
 * no events (MUI gives it pointer-events: none), so the wrapping span receives them.
 */
export function CardHint({ title, children }: CardHintProps) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const pressTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastTouch = useRef(Number.NEGATIVE_INFINITY);
  // Where the finger went down, while it is down and has not moved off (null otherwise).
  const press = useRef<{ x: number; y: number } | null>(null);
  // The long press showed the hint: the release must not also press the button.
  const pressShown = useRef(false);

  useEffect(
    () => () => {
      clearTimeout(pressTimer.current);
      clearTimeout(closeTimer.current);
    },
    [],
  );

  const show = () => {
    clearTimeout(closeTimer.current);
    setWanted(true);
    setOpen(true);
  };
  const hide = () => setOpen(false);
  const echo = () => performance.now() - lastTouch.current < TOUCH_ECHO_MS;
  const pressed = () => {
    clearTimeout(pressTimer.current);
    pressShown.current = true;
    show();
  };
  const release = (tapped: boolean) => {
    lastTouch.current = performance.now();
    clearTimeout(pressTimer.current);
    // A tap on a disabled button does nothing else: say why at once.
    if (tapped && press.current && children.props.disabled) show();
    press.current = null;
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(hide, TOUCH_HINT_LINGER_MS);
  };

  const touchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    lastTouch.current = performance.now();
    press.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    pressShown.current = false;
    void loadTooltip().catch(() => undefined); // ready by the time the press is long enough
    clearTimeout(pressTimer.current);
    pressTimer.current = setTimeout(pressed, TOUCH_HINT_DELAY_MS);
  };
  const touchMove = (event: TouchEvent) => {
    const touch = event.touches[0];
    const from = press.current;
    if (!touch || !from || Math.hypot(touch.clientX - from.x, touch.clientY - from.y) > MOVE_SLOP_PX) {
      press.current = null; // a scroll, not a press
      clearTimeout(pressTimer.current);
    }
  };
  const swallowPressClick = (event: MouseEvent) => {
    if (!pressShown.current || !echo()) return;
    pressShown.current = false;
    event.preventDefault();
    event.stopPropagation();
  };
  // The browser's own long-press signal (it can come before our delay): the hint, not a menu.
  const contextMenu = (event: MouseEvent) => {
    if (!press.current && !pressShown.current) return;
    event.preventDefault();
    if (press.current) pressed();
  };

  return (
    <>
      <span
        ref={anchor}
        style={{ display: 'inline-flex', WebkitTouchCallout: 'none' }}
        onMouseEnter={() => echo() || show()}
        onMouseLeave={() => echo() || hide()}
        onFocus={(event) => {
          if (!echo() && focusVisible(event.target)) show();
        }}
        onBlur={hide}
        onTouchStart={touchStart}
        onTouchMove={touchMove}
        onTouchEnd={() => release(true)}
        onTouchCancel={() => release(false)}
        onClickCapture={swallowPressClick}
        onContextMenu={contextMenu}
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
