import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { whenIdle } from '../lib/when-idle';
import { useNotify } from './notifier-context';

// The snackbar's MUI parts (Snackbar, its transition, a portal) are not needed to show the logged-in
// view: they load when the browser is first idle, or with the first notice if that comes sooner.
const loadNoticeSnackbar = () => import('./NoticeSnackbar');
const NoticeSnackbar = lazy(() => loadNoticeSnackbar().then((m) => ({ default: m.NoticeSnackbar })));

/** The app's one snackbar: shows the notifier's current notice. */
export function AppSnackbar() {
  const notifier = useNotify();
  const notice = useSyncExternalStore(notifier.subscribe, notifier.getSnapshot);

  useEffect(() => whenIdle(() => void loadNoticeSnackbar()), []);

  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <NoticeSnackbar notice={notice} onClose={() => notifier.dismiss(notice.id)} />
    </Suspense>
  );
}
