import { wallClock } from '@playlist-alarms/core/alarms/local-time';
import type { Page } from '@playwright/test';

// The browser's time zone for the journeys. The demo players keep alarms at 06:45, 07:00, 08:30
// and 19:30, and five minutes before one the page connects its player by itself (to ring on time): a
// journey run then met a player it had not connected. Journeys run where the clock reads noon,
// hours from any of them, whatever the hour CI starts at. Players ring by their own clocks, so the
// family's own players are moved to this zone too (SANDBOX_HOME_TIMEZONE in playwright.config.ts);
// Grandma's Player stays in New York, offline, which the page never connects by itself.

/** A real zone whose clock reads 12:xx at `now` (one with whole-hour offset exists for every hour). */
export function quietTimeZone(now: Date): string {
  const zone = Intl.supportedValuesOf('timeZone').find((candidate) => wallClock(now, candidate).hour === 12);
  if (!zone) throw new Error(`no time zone reads noon at ${now.toISOString()}`);
  return zone;
}

/** The zone the page's clock runs in, as the app detects it. */
export const browserTimeZone = (page: Page): Promise<string> =>
  page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
