import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import { schedulerLine } from '@playlist-alarms/core/alarms/alarm-scheduler';
import { detectTimeZone } from '@playlist-alarms/core/cloud/cloud-upload';
import { useAlarmScheduler } from './use-alarm-scheduler';

/** The page's alarm scheduler and its line: the next alarm, its countdown, the prepare state. */
export function AlarmScheduler() {
  const next = useAlarmScheduler();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (!next) return null;
  const { plan, deviceName, title } = next;
  const { phase, text } = schedulerLine(plan, { title: title ?? plan.cardId, deviceName }, new Date(now), {
    viewerZone: detectTimeZone(),
  });
  return (
    <Alert
      severity={phase === 'waiting' ? 'info' : 'warning'}
      variant="outlined"
      role="status"
      data-testid="next-alarm"
      data-phase={phase}
      sx={{ mb: 2 }}
    >
      {text}
    </Alert>
  );
}
