import { Suspense, lazy } from 'react';
import Typography from '@mui/material/Typography';
import type { ErrorAlertProps } from './ErrorAlert';

/**
 * The text alone, in the box MUI's Alert will take (one line: 48 px high, the text where the
 * Alert's icon leaves it), so the card does not move when the Alert arrives. It carries the alert
 * role only when it stands in for good (the Alert's chunk did not load): a screen reader hears the
 * message once.
 */
function PlainNotice({ children, announce }: { children: ErrorAlertProps['children']; announce: boolean }) {
  return (
    <Typography
      variant="body2"
      role={announce ? 'alert' : undefined}
      sx={{ mb: 2, textAlign: 'left', p: '14px 16px 14px 50px' }}
    >
      {children}
    </Typography>
  );
}

// MUI's Alert with its close button and icons (about 3 kB gzip) is not in the first download: the
// loading and logged-out views of nearly every visit show no error.
const ErrorAlert = lazy(() =>
  import('./ErrorAlert').then(
    (module) => ({ default: module.ErrorAlert }),
    () => ({ default: ({ children }: ErrorAlertProps) => <PlainNotice announce>{children}</PlainNotice> }),
  ),
);

/** An error on the brand card: the text at once, MUI's Alert around it as soon as its code is in. */
export function ErrorNotice({ severity, children }: ErrorAlertProps) {
  return (
    <Suspense fallback={<PlainNotice announce={false}>{children}</PlainNotice>}>
      <ErrorAlert severity={severity}>{children}</ErrorAlert>
    </Suspense>
  );
}
