import { useEffect } from 'react';
import Button from '@mui/material/Button';
import { FAILED_TO_INITIALIZE, OFFLINE_MESSAGE } from '@playlist-alarms/core/texts/first-view-texts';
import { markFirstViewPainted } from '../lib/first-view';
import { whenIdle } from '../lib/when-idle';
import { BrandCard } from './BrandCard';
import { ErrorNotice } from './ErrorNotice';

export function InitErrorView({ onRetry }: { onRetry: () => void }) {
  // The page's first view, when the app could not start: what waited for it may load now.
  useEffect(() => whenIdle(markFirstViewPainted), []);
  return (
    <BrandCard>
      <ErrorNotice severity={navigator.onLine ? 'error' : 'warning'}>
        {navigator.onLine ? FAILED_TO_INITIALIZE : OFFLINE_MESSAGE}
      </ErrorNotice>
      <Button variant="contained" size="large" fullWidth onClick={onRetry}>
        Retry
      </Button>
    </BrandCard>
  );
}
