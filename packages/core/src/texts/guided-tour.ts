// The guided tour: four steps (welcome, playlists tab, alarms tab, complete) with Back, Next and
// Done and a counter such as "1/4". What each step says, which tab it opens and what it may do
// next lives here, so the component only renders it.
import type { MainTab } from './main-tabs';

interface TourStep {
  id: 'welcome' | 'playlists' | 'alarms' | 'complete';
  title: string;
  body: string;
  /** The main tab the step switches to; null leaves the open tab as it is. */
  opens: MainTab | null;
  /** The main tab whose button the step highlights; null highlights nothing. */
  highlights: MainTab | null;
}

export const TOUR_STEPS: readonly [TourStep, ...TourStep[]] = [
  {
    id: 'welcome',
    title: 'Welcome to Playlist Alarms',
    body:
      'Wake your child with a favorite Yoto playlist, play a story at bedtime, and control your ' +
      'players from here. This short tour shows you around.',
    opens: null,
    highlights: null,
  },
  {
    id: 'playlists',
    title: 'Your playlists',
    body:
      'Every playlist on your Yoto account is here. Search or browse, press Play to start one on a ' +
      'player, or Set Alarm on a card to wake up to it.',
    opens: 'playlists',
    highlights: 'playlists',
  },
  {
    id: 'alarms',
    title: 'Your alarms',
    body:
      'Set wake-up and bedtime alarms here, and switch them on or off. They are kept in the cloud ' +
      'and on the player itself.',
    opens: 'alarms',
    highlights: 'alarms',
  },
  {
    id: 'complete',
    title: "You're all set",
    body: 'The Help & Tutorial tab has more tips. Start this tour again any time with the help button.',
    opens: null,
    highlights: 'help',
  },
];

interface TourView {
  /** The step shown, its index clamped into the tour. */
  index: number;
  step: TourStep;
  /** "1/4" … "4/4". */
  counter: string;
  /** What a screen reader says for the counter: "Step 1 of 4". */
  counterLabel: string;
  canGoBack: boolean;
  /** False on the last step, which offers Done instead of Next. */
  canGoNext: boolean;
}

/** What the tour shows at `index` (out of range: the nearest step). */
export function tourView(index: number): TourView {
  const last = TOUR_STEPS.length - 1;
  const at = Math.min(Math.max(Math.trunc(index) || 0, 0), last);
  const step = TOUR_STEPS[at] ?? TOUR_STEPS[0];
  return {
    index: at,
    step,
    counter: `${at + 1}/${TOUR_STEPS.length}`,
    counterLabel: `Step ${at + 1} of ${TOUR_STEPS.length}`,
    canGoBack: at > 0,
    canGoNext: at < last,
  };
}
