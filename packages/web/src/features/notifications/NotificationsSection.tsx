import { useMemo } from 'react';
import { useServices } from '../../services/app-services';
import { BrowserPushClient } from '../../services/push-client';
import { NotificationSettings } from './NotificationSettings';

/** The Notifications settings on this browser's Push API and the own backend (a lazy chunk). */
export function NotificationsSection() {
  const { config } = useServices();
  const source = useMemo(() => new BrowserPushClient(config.backendBase), [config.backendBase]);
  return <NotificationSettings source={source} />;
}
