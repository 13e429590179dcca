import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { MESSAGES } from '@playlist-alarms/core/texts/messages';
import { BrandCard } from './BrandCard';

export function InitErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <BrandCard>
      <Alert severity={navigator.onLine ? 'error' : 'warning'} sx={{ mb: 2, textAlign: 'left' }}>
        {navigator.onLine ? MESSAGES.failedToInitialize : MESSAGES.offline}
      </Alert>
      <Button variant="contained" size="large" fullWidth onClick={onRetry}>
        Retry
      </Button>
    </BrandCard>
  );
}
