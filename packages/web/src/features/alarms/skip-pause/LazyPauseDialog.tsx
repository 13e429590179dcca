import { lazy, Suspense, type ComponentProps } from 'react';

// The dialog's code loads with its first opening.
const PauseDialog = lazy(async () => ({ default: (await import('./PauseDialog')).PauseDialog }));

/** The "Pause until…" dialog, its code loaded when it first opens. */
export function LazyPauseDialog(props: ComponentProps<typeof PauseDialog>) {
  return (
    <Suspense fallback={null}>
      <PauseDialog {...props} />
    </Suspense>
  );
}
