import { Suspense, lazy, useSyncExternalStore } from 'react';
import { useNotify } from '../services/notifier-context';

// The snackbar's MUI parts (Snackbar, its transition, a portal) are not needed to show the logged-in
// view: the view prefetches them once it shows (prefetchNoticeSnackbar), or the first notice loads them.
const loadNoticeSnackbar = () => import('./NoticeSnackbar');

/** Fetches the snackbar's code ahead of the first notice; a failure is retried by that notice. */
export function prefetchNoticeSnackbar(): void {
  loadNoticeSnackbar().catch(() => undefined);
}
const NoticeSnackbar = lazy(() => loadNoticeSnackbar().then((m) => ({ default: m.NoticeSnackbar })));

/** The app's one snackbar: shows the notifier's current notice. */
export function AppSnackbar() {
  const notifier = useNotify();
  const notice = useSyncExternalStore(notifier.subscribe, notifier.getSnapshot);

  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <NoticeSnackbar notice={notice} onClose={() => notifier.dismiss(notice.id)} />
    </Suspense>
  );
}
