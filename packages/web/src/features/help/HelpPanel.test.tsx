import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { HelpPanel } from './HelpPanel';

// The help tells a parent what the app does now; these are the points it must not lose.
describe('HelpPanel', () => {
  it('has its four sections, each a region named by its heading with a list of points', () => {
    render(<HelpPanel />);
    for (const heading of ['Getting Started', 'Key Features', 'Troubleshooting', 'Pro Tips']) {
      const region = screen.getByRole('region', { name: heading });
      expect(within(region).getAllByRole('listitem').length).toBeGreaterThan(0);
    }
  });

  it.each([
    ['signing in and out', 'Getting Started', /Connect Yoto Account.*Logout/],
    ['Online when the player is on', 'Getting Started', /shows Online/],
    ['the volume limit, in the gauge\u2019s words', 'Key Features', /"limit 8 of 16"/],
    ['device alarms ring with the app closed', 'Key Features', /rings it by its own clock/],
    ['alarm volume levels', 'Key Features', /level from 1 to 8/],
    ['the player\u2019s time zone', 'Key Features', /"07:00 in New York"/],
    ['cloud alarms and their receipts', 'Key Features', /Cloud Alarms.*receipt/],
    ['making and editing alarms', 'Key Features', /"New Cloud Alarm".*edited in place/],
    ['fade-in and the bedtime routine', 'Key Features', /"Fade in".*"Sleep timer".*"Night light"/],
    ['skip and pause', 'Key Features', /"Skip next".*"Pause until…".*"Resume"/],
    [
      'skip and pause on a player\u2019s own alarms',
      'Key Features',
      /cloud alarms and on a player's own.*back on/,
    ],
    ['day and night, and the OK-to-wake light', 'Key Features', /"Day & Night".*OK-to-wake/],
    ['chapters and favourites', 'Key Features', /"Next chapter".*"Pin to Quick Play"/],
    ['the shared household', 'Key Features', /belong to the family.*"Set by another parent"/],
    ['the alarm history', 'Key Features', /"Alarm history".*last 30 days/],
    ['push notifications and quiet hours', 'Key Features', /"Notifications".*did not play.*"Quiet hours"/],
    ['players switching themselves off', 'Troubleshooting', /switches itself off.*Offline/],
    ['saving on the player instead', 'Troubleshooting', /"Save on the player instead"/],
    ['the provider retrying', 'Troubleshooting', new RegExp(`"${MESSAGES.providerRetrying}"`)],
    ['an expired session', 'Troubleshooting', /"Session expired\. Please login again\."/],
    ['installing and opening offline', 'Pro Tips', /Install App.*without a connection/],
  ])('tells about %s', (_topic, heading, text) => {
    render(<HelpPanel />);
    const points = within(screen.getByRole('region', { name: heading }))
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(points.some((point) => text.test(point))).toBe(true);
  });
});
