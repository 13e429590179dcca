import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import { alarmPhase } from '@playlist-alarms/core/next-alarm';
import { countdownText } from '@playlist-alarms/core/alarm-scheduler';
import { useAlarmScheduler } from './use-alarm-scheduler';

const clock = (at: Date) => at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

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
  const phase = alarmPhase(plan.at, new Date(now));
  const source = plan.source === 'cloud' ? 'cloud alarm' : 'player alarm';
  const what = `${title ?? plan.cardId} on ${deviceName} at ${clock(plan.at)} (${source})`;
  return (
    <Alert
      severity={phase === 'waiting' ? 'info' : 'warning'}
      variant="outlined"
      role="status"
      data-testid="next-alarm"
      data-phase={phase}
      sx={{ mb: 2 }}
    >
      {phase === 'waiting'
        ? `⏰ Next alarm: ${what}, ${countdownText(plan.at.getTime() - now)}`
        : `🔔 Preparing alarm: ${what}, ${countdownText(plan.at.getTime() - now)}. Connecting ${deviceName}.`}
    </Alert>
  );
}
