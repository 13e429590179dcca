import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import { useServices } from '../../services/app-services';
import type { ProviderRetrying } from '../../services/app-services';

/**
 * While the session's token has run out and Yoto's sign-in service cannot renew it (down, busy,
 * slow), the page stays signed in and says so; the notice goes by itself once the server renews it.
 */
export function ProviderRetryNotice() {
  const { auth } = useServices();
  const [retrying, setRetrying] = useState<ProviderRetrying | null>(null);
  useEffect(() => auth.onRetrying(setRetrying), [auth]);
  if (retrying === null) return null;
  return (
    <Alert severity="warning" role="status" sx={{ borderRadius: 0 }}>
      {retrying.message}…
    </Alert>
  );
}
