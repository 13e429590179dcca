import { useCallback, useEffect, useReducer, useRef } from 'react';
import { PLAYER_MODAL_VOLUME } from '@playlist-alarms/core/shared/constants';
import {
  initialModalVolume,
  modalVolumePayload,
  modalVolumeReducer,
} from '@playlist-alarms/core/device/now-playing';

interface ModalVolume {
  /** The gauge level shown, 0–10. */
  gauge: number;
  /** A change is waiting for its debounce or was sent less than 1000 ms ago. */
  updating: boolean;
  /** A user change: shown at once, sent 800 ms after the last one. */
  change: (gauge: number) => void;
  /** A level the player reported; ignored while updating. */
  report: (gauge: number) => void;
  /** The highest level the player's limit allows, 0–10. */
  max: number;
  /** The player reported its limit, as the highest level within it. */
  limitTo: (max: number) => void;
}

/**
 * The player modal's volume: core's reducer decides, this hook runs its two timers,
 * the 800 ms debounce before `send` and the 1000 ms after it during which reports are ignored.
 */
export function useModalVolume(send: (payload: { volume: number }) => void): ModalVolume {
  const [state, dispatch] = useReducer(modalVolumeReducer, initialModalVolume);
  const latest = useRef(state.gauge);
  const sendRef = useRef(send);
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  useEffect(
    () => () => {
      clearTimeout(debounce.current);
      clearTimeout(settle.current);
    },
    [],
  );

  const change = useCallback((gauge: number) => {
    latest.current = gauge;
    dispatch({ type: 'change', gauge });
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => {
      dispatch({ type: 'sent' });
      sendRef.current(modalVolumePayload(latest.current));
      clearTimeout(settle.current);
      settle.current = setTimeout(() => dispatch({ type: 'settled' }), PLAYER_MODAL_VOLUME.updatingClearMs);
    }, PLAYER_MODAL_VOLUME.debounceMs);
  }, []);

  const report = useCallback((gauge: number) => dispatch({ type: 'reported', gauge }), []);
  const limitTo = useCallback((max: number) => dispatch({ type: 'limit', max }), []);

  return {
    gauge: state.gauge,
    updating: state.pending || state.inFlight,
    change,
    report,
    max: state.max,
    limitTo,
  };
}
