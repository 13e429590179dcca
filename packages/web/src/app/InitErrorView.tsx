import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { APP_TITLE, MESSAGES } from '@playlist-alarms/core/messages';

export function InitErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Box sx={{ maxWidth: 420, textAlign: 'center' }}>
        <Typography variant="h1" component="h1" gutterBottom>
          {APP_TITLE}
        </Typography>
        <Alert severity={navigator.onLine ? 'error' : 'warning'} sx={{ my: 2, textAlign: 'left' }}>
          {navigator.onLine ? MESSAGES.failedToInitialize : MESSAGES.offline}
        </Alert>
        <Button variant="contained" onClick={onRetry}>
          Retry
        </Button>
      </Box>
    </Box>
  );
}
