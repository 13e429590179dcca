import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import {
  planNextAlarm,
  triggerProblem,
  type PlannedAlarm,
} from '@playlist-alarms/core/alarms/alarm-scheduler';
import { detectTimeZone } from '@playlist-alarms/core/cloud/cloud-upload';
import { TIMINGS_MS } from '@playlist-alarms/core/shared/constants';
import { alarmPlaylistNotFound, failedToTriggerAlarm } from '@playlist-alarms/core/texts/messages';
import { CARD_LOADING } from '@playlist-alarms/core/texts/alarm-edit-texts';
import { useDevices } from '../../../api/get-devices';
import { usePlaylists } from '../../../api/get-playlists';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/app-services';
import { useDeviceCommands } from '../../../services/device-commands';
import { useNotify } from '../../../services/notifier-context';
import { useAlarmCard, useCardInFamilyLibrary } from '../api/get-alarm-card';
import { deviceAlarmsQueryOptions, type DeviceAlarms } from '../api/get-device-alarms';
import { useCloudAlarms } from '../cloud/api/get-cloud-alarms';
import { usePlayedAlarmObserver } from './use-played-alarm-observer';

interface ScheduledView {
  plan: PlannedAlarm;
  deviceName: string;
  title: string | null;
}

// Stable, so the combined list keeps its identity while no config changes (the result is also
// structurally shared by TanStack Query).
const alarmsOf = (results: Array<UseQueryResult<DeviceAlarms>>) => ({
  alarms: results.map((result) => result.data),
  updatedAt: Math.max(0, ...results.map((result) => result.dataUpdatedAt)),
});

/**
 * The page's alarm scheduler: the next alarm across the players and the cloud; 5 minutes ahead it
 * connects that player (if online); at the time it asks the server to fire a cloud alarm (the
 * player rings its own alarms, so a device alarm is never rung a second time); 1 s later it plans
 * again. Nothing is planned without devices; unmounted (logged out) it is cleared. While mounted
 * it reports the players' own alarms it sees play (use-played-alarm-observer.ts).
 */
export function useAlarmScheduler(): ScheduledView | null {
  const { library, loadCloud, devices: links } = useServices();
  const commands = useDeviceCommands();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const devices = useDevices();
  const playlists = usePlaylists();
  const cloud = useCloudAlarms();
  const deviceList = useMemo(() => devices.data ?? [], [devices.data]);
  const { dataUpdatedAt: devicesAt } = devices;
  const { dataUpdatedAt: cloudAt } = cloud;
  const configs = useQueries({
    queries: deviceList.map((device) => deviceAlarmsQueryOptions(library, device.deviceId)),
    combine: alarmsOf,
  });
  // Set again 1 s after each alarm, so the plan moves on past it. The plan looks after this or
  // after the newest list's arrival, whichever is later: lists fetched anew on a page left open
  // for hours plan from their own time, not from the last alarm.
  const [planFrom, setPlanFrom] = useState(() => new Date());
  const rung = useRef(new Set<string>());

  // Each player rings its alarms in its own zone; a player without one is read in the page's.
  const deviceAlarms = useMemo(
    () =>
      deviceList.map((device, index) => ({
        deviceId: device.deviceId,
        alarms: configs.alarms[index]?.alarms ?? [],
        timeZone: configs.alarms[index]?.timeZone ?? null,
      })),
    [configs, deviceList],
  );
  // What the page sees of those alarms playing goes to the player's history.
  usePlayedAlarmObserver(deviceAlarms);

  const plan = useMemo(() => {
    if (deviceList.length === 0) return null;
    const from = Math.max(planFrom.getTime(), devicesAt, cloudAt, configs.updatedAt);
    return planNextAlarm(deviceAlarms, cloud.data?.alarms ?? [], new Date(from), detectTimeZone());
  }, [cloud.data, cloudAt, configs.updatedAt, deviceAlarms, deviceList.length, devicesAt, planFrom]);

  const ownCards = useMemo(
    () => new Set((playlists.data ?? []).flatMap((p) => (p.cardId ? [p.cardId] : []))),
    [playlists.data],
  );
  // A card of the family library is the parent's too: never "playlist not found". Read through a
  // ref, as the ring's timer is armed before the family library's groups may have arrived.
  const inFamily = useCardInFamilyLibrary(plan?.cardId ?? null, ownCards);
  const knownCards = useRef(ownCards);
  useEffect(() => {
    knownCards.current = inFamily && plan ? new Set([...ownCards, plan.cardId]) : ownCards;
  }, [inFamily, ownCards, plan]);
  const card = useAlarmCard(plan?.cardId ?? '');
  const planKey =
    plan &&
    `${plan.source}:${plan.source === 'cloud' ? plan.alarmId : plan.deviceId}:${plan.at.toISOString()}`;

  useEffect(() => {
    if (!plan || !planKey) return;
    const timers: number[] = [];
    const device = deviceList.find((candidate) => candidate.deviceId === plan.deviceId);
    const prepare = () => {
      if (device?.online && links.status(device.deviceId) === 'disconnected') void commands.connect(device);
    };
    const ring = async () => {
      if (rung.current.has(planKey)) return;
      rung.current.add(planKey);
      if (plan.source === 'cloud') {
        const answer = await (await loadCloud()).triggerAlarm(plan.alarmId, plan.dueAt);
        const problem = triggerProblem(answer, plan.cardId, knownCards.current);
        if (problem?.kind === 'playlist-not-found') notify.error(alarmPlaylistNotFound(problem.reason));
        if (problem?.kind === 'failed') notify.error(failedToTriggerAlarm(problem.reason));
      }
    };
    const untilPrepare = plan.at.getTime() - TIMINGS_MS.alarmPrepare - Date.now();
    if (untilPrepare <= 0) prepare();
    else timers.push(window.setTimeout(prepare, untilPrepare));
    timers.push(
      window.setTimeout(
        () => {
          void ring()
            .catch((error: unknown) =>
              notify.error(failedToTriggerAlarm(error instanceof Error ? error.message : String(error))),
            )
            .finally(() => {
              timers.push(
                window.setTimeout(() => {
                  void queryClient.invalidateQueries({ queryKey: queryKeys.cloudAlarms() });
                  setPlanFrom(new Date());
                }, TIMINGS_MS.alarmReschedule),
              );
            });
        },
        Math.max(0, plan.at.getTime() - Date.now()),
      ),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
    // planKey stands for the plan: a new object for the same alarm must not re-arm the timers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [planKey]);

  if (!plan) return null;
  const device = deviceList.find((candidate) => candidate.deviceId === plan.deviceId);
  // Named from the own playlists or the family library (or the card's content); null while unknown.
  const title = card.title === plan.cardId || card.title === CARD_LOADING ? null : card.title;
  return { plan, deviceName: device?.name || plan.deviceId, title };
}
