import { describe, expect, it } from 'vitest';
import { TOUR_STEPS, tourView } from './guided-tour';

describe('guided tour (4 steps, Back, Next, Done, a counter)', () => {
  it('has the four steps in order: welcome, playlists tab, alarms tab, complete', () => {
    expect(TOUR_STEPS.map((step) => step.id)).toEqual(['welcome', 'playlists', 'alarms', 'complete']);
  });

  it('step 1 switches to the playlists tab and step 2 to the alarms tab; the others switch nothing', () => {
    expect(TOUR_STEPS.map((step) => step.opens)).toEqual([null, 'playlists', 'alarms', null]);
  });

  it('highlights the tab a step is about, nothing on the welcome', () => {
    expect(TOUR_STEPS.map((step) => step.highlights)).toEqual([null, 'playlists', 'alarms', 'help']);
  });

  it('counts "1/4" to "4/4", with words for a screen reader', () => {
    expect([0, 1, 2, 3].map((i) => tourView(i).counter)).toEqual(['1/4', '2/4', '3/4', '4/4']);
    expect(tourView(2).counterLabel).toBe('Step 3 of 4');
  });

  it('offers Back after the first step and Next before the last (where Done takes its place)', () => {
    expect([0, 1, 2, 3].map((i) => [tourView(i).canGoBack, tourView(i).canGoNext])).toEqual([
      [false, true],
      [true, true],
      [true, true],
      [true, false],
    ]);
  });

  it('clamps an index outside the tour to the nearest step', () => {
    expect(tourView(-1)).toMatchObject({ index: 0, counter: '1/4' });
    expect(tourView(9)).toMatchObject({ index: 3, counter: '4/4' });
    expect(tourView(Number.NaN).index).toBe(0);
  });

  it('every step has a title and a short text', () => {
    for (const step of TOUR_STEPS) {
      expect(step.title.length).toBeGreaterThan(0);
      expect(step.body.length).toBeGreaterThan(20);
      expect(step.body.length).toBeLessThanOrEqual(200);
    }
  });
});
