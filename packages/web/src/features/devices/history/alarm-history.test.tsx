import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryEntryAnswer } from '@playlist-alarms/core/cloud/alarm-history-answers';
import { historyWhen } from '@playlist-alarms/core/cloud/alarm-history-view';
import { AlarmHistoryButton } from './AlarmHistoryButton';
import { createTestServices, makeDevice } from '../../../test/twins';
import { renderWithServices } from '../../../test/render-with-services';

// The "Alarm history" control of a player card (DeviceCard places it) and its view, on the backend's in-memory twin (paged with core's
// cursor, as the server pages): newest first, words from core, "Load more" for the next page.

const bedroom = makeDevice('p1', 'Bedroom Player');
const playroom = makeDevice('p2', 'Playroom Mini', false);
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

const entry = (day: number, overrides: Partial<HistoryEntryAnswer> = {}): HistoryEntryAnswer => {
  const dueAt = new Date(Date.UTC(2026, 7, day, 6, 0)).toISOString();
  return {
    id: `c:school@${dueAt}`,
    source: 'cloud',
    alarm_name: 'School days',
    alarm_type: 'wakeup',
    due_at: dueAt,
    outcome: 'played',
    played_at: new Date(Date.parse(dueAt) + 3_400).toISOString(),
    faded: false,
    alarm_deleted: false,
    ...overrides,
  };
};

async function openHistory(name: string) {
  const control = screen.getByTestId(`history-of-${name}`);
  await userEvent.click(within(control).getByRole('button', { name: 'Alarm history' }));
  // The first opening loads the view's code.
  return screen.findByRole('dialog', { name: `Alarm history: ${name}` }, { timeout: 10_000 });
}
const lines = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByTestId('alarm-history-entry')
    .map((item) => item.textContent);

describe('a player’s alarm history', { timeout: 30_000 }, () => {
  it('lists the player’s ringings newest first with their outcome in words, and pages with Load more', async () => {
    const services = createTestServices();
    const older = Array.from({ length: 22 }, (_, i) => entry(i + 1, { outcome: 'missed', played_at: null }));
    services.alarmHistory.entries.set('p1', [
      ...older,
      entry(25, {
        source: 'device',
        alarm_name: 'alarm at 07:00',
        alarm_type: null,
        outcome: 'skipped',
        played_at: null,
        id: 'd:x@25',
      }),
      entry(26),
      entry(27, { outcome: 'player-offline', played_at: null, alarm_deleted: true, alarm_name: 'Old alarm' }),
    ]);
    renderWithServices(
      services,
      <div data-testid="history-of-Bedroom Player">
        <AlarmHistoryButton device={bedroom} />
      </div>,
    );
    expect(services.alarmHistory.requests).toEqual([]); // nothing read before it is opened

    const dialog = await openHistory('Bedroom Player');
    await within(dialog).findAllByTestId('alarm-history-entry');
    expect(lines(dialog).slice(0, 3)).toEqual([
      `${historyWhen(entry(27).due_at, zone)} · Old alarm (deleted since)The player was off · Cloud alarm`,
      `${historyWhen(entry(26).due_at, zone)} · School daysPlayed, 3 s late · Cloud alarm`,
      `${historyWhen(entry(25).due_at, zone)} · alarm at 07:00Skipped · Player alarm`,
    ]);
    expect(lines(dialog)).toHaveLength(20);
    expect(services.alarmHistory.requests).toEqual([{ deviceId: 'p1', before: null, limit: 20 }]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await within(dialog).findByText(`${historyWhen(entry(1).due_at, zone)} · School days`);
    expect(lines(dialog)).toHaveLength(25);
    expect(new Set(lines(dialog)).size).toBe(25);
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when nothing rang, and shows the server’s words when the history cannot be read', async () => {
    const services = createTestServices();
    renderWithServices(
      services,
      <>
        <div data-testid="history-of-Bedroom Player">
          <AlarmHistoryButton device={bedroom} />
        </div>
        <div data-testid="history-of-Playroom Mini">
          <AlarmHistoryButton device={playroom} />
        </div>
      </>,
    );
    const empty = await openHistory('Bedroom Player');
    expect(await within(empty).findByText('No alarms rang on this player in the last 30 days.')).toBeTruthy();
    await userEvent.click(within(empty).getByRole('button', { name: 'Close' }));

    services.alarmHistory.failNext = 'The provider refused access to this player';
    const refused = await openHistory('Playroom Mini');
    expect(
      await within(refused).findByText(
        'The alarm history could not be loaded: The provider refused access to this player',
      ),
    ).toBeTruthy();
  });
});
