import { useEffect, useRef } from 'react';
import { observedRinging } from '@playlist-alarms/core/alarms/observed-play';
import { detectTimeZone } from '@playlist-alarms/core/cloud/cloud-upload';
import { activeCardId } from '@playlist-alarms/core/device/device-message-fields';
import type { DeviceAlarms as PlayerAlarms } from '@playlist-alarms/core/alarms/next-alarm';
import { useServices } from '../../../services/app-services';

// The player rings its own alarms and tells no one; an open page that hears it start the alarm's
// card at the alarm's minute is the only witness (docs/decisions/alarm-history.md). It tells the
// server once per ringing, which checks the claim and keeps it for the player's history. Only a
// start the page saw counts: the player's events must first have shown it without that card, so a
// page opened while the alarm already plays does not guess when it began.

/** Watches the players' events for a start of one of their own alarms' cards, and reports it once. */
export function usePlayedAlarmObserver(players: readonly PlayerAlarms[]): void {
  const { devices, loadAlarmHolds } = useServices();
  const current = useRef(players);
  useEffect(() => {
    current.current = players;
  }, [players]);

  useEffect(() => {
    /** Each player's card as last heard; absent until its first events. */
    const cards = new Map<string, string | null>();
    const reported = new Set<string>();
    /** Players dropped since last heard, with the events their slice kept from before. */
    const stale = new Map<string, unknown>();
    const report = (deviceId: string, cardId: string, startedAt: Date) => {
      const player = current.current.find((candidate) => candidate.deviceId === deviceId);
      if (player === undefined) return;
      const timeZone = player.timeZone ?? detectTimeZone();
      const seen = observedRinging(player.alarms, cardId, startedAt, timeZone);
      if (seen === null) return;
      const key = `${deviceId}|${seen.alarm.raw}|${seen.dueAt.toISOString()}`;
      if (reported.has(key)) return;
      reported.add(key);
      void loadAlarmHolds()
        .then((source) =>
          source.recordObservedPlay(deviceId, {
            alarm: seen.alarm.raw,
            due_at: seen.dueAt.toISOString(),
            started_at: startedAt.toISOString(),
            time_zone: timeZone,
          }),
        )
        // The history then lacks this one ringing, as it would with no page open: nothing to show.
        .catch(() => undefined);
    };
    const look = () => {
      const snapshot = devices.getSnapshot();
      // A player whose link is not up is not heard: a card it starts meanwhile was not seen
      // starting. Its slice may outlive a reconnect with the old events, so the next events that
      // arrive after it count as a first hearing again.
      for (const deviceId of [...cards.keys()]) {
        if (snapshot.links[deviceId] === 'connected') continue;
        cards.delete(deviceId);
        stale.set(deviceId, snapshot.devices[deviceId]?.events ?? null);
      }
      for (const [deviceId, data] of Object.entries(snapshot.devices)) {
        if (data.events === null || snapshot.links[deviceId] !== 'connected') continue;
        if (stale.has(deviceId) && stale.get(deviceId) === data.events) continue;
        stale.delete(deviceId);
        const card = activeCardId(data.events);
        const before = cards.get(deviceId);
        cards.set(deviceId, card);
        if (before === undefined || card === null || card === before) continue;
        report(deviceId, card, new Date());
      }
    };
    look();
    return devices.subscribe(look);
  }, [devices, loadAlarmHolds]);
}
