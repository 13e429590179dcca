import { Suspense, lazy, useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import { useServices } from '../../services/app-services';
import type { ProviderRetrying } from '../../services/app-services';

// MUI's Alert (about 3 kB gzip) loads only when the notice shows, which few sessions ever see:
// the session's chunk is on the first card's path.
const Alert = lazy(() => import('@mui/material/Alert'));

/**
 * While the session's token has run out and Yoto's sign-in service cannot renew it (down, busy,
 * slow), the page stays signed in and says so; the notice goes by itself once the server renews it.
 */
export function ProviderRetryNotice() {
  const { auth } = useServices();
  const [retrying, setRetrying] = useState<ProviderRetrying | null>(null);
  useEffect(() => auth.onRetrying(setRetrying), [auth]);
  if (retrying === null) return null;
  const text = `${retrying.message}…`;
  return (
    <Suspense
      fallback={
        // The text in the Alert's one-line box (48 px, after its icon) while its code loads.
        <Typography variant="body2" role="status" sx={{ p: '14px 16px 14px 50px' }}>
          {text}
        </Typography>
      }
    >
      <Alert severity="warning" role="status" sx={{ borderRadius: 0 }}>
        {text}
      </Alert>
    </Suspense>
  );
}
