import { useEffect } from 'react';
import { FAILED_TO_INITIALIZE, OFFLINE_MESSAGE } from '@playlist-alarms/core/texts/first-view-texts';
import { markFirstViewPainted } from '../lib/first-view';
import { whenIdle } from '../lib/when-idle';
import { BrandButton } from './BrandButton';
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
      <BrandButton type="button" onClick={onRetry}>
        Retry
      </BrandButton>
    </BrandCard>
  );
}
