import { useEffect, useState } from 'react';
import { TIMINGS_MS } from '@playlist-alarms/core/shared/constants';

/**
 * Where the step's target is on screen, or null: the highlight starts 200 ms after a step
 * changes (the tab it opens has rendered by then). Follows the target while the window scrolls or
 * resizes.
 */
export function useDelayedHighlight(step: number, targetId: string | null): DOMRect | null {
  const [lit, setLit] = useState<{ step: number; rect: DOMRect | null }>({ step, rect: null });
  // A new step starts unlit, also when Back returns within 200 ms to one that was lit.
  if (lit.step !== step) setLit({ step, rect: null });

  useEffect(() => {
    if (targetId === null) return;
    const measure = () => {
      const rect = document.getElementById(targetId)?.getBoundingClientRect() ?? null;
      setLit({ step, rect });
    };
    const timer = window.setTimeout(() => {
      measure();
      window.addEventListener('resize', measure);
      // Capture: a scroll of any container, not only the page, can move the target.
      window.addEventListener('scroll', measure, true);
    }, TIMINGS_MS.tourHighlight);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [step, targetId]);

  return lit.step === step ? lit.rect : null;
}
