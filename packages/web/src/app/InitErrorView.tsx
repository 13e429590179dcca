import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export const INIT_FAILED_MESSAGE = 'Failed to initialize app. Please try again.';

export function InitErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Box sx={{ maxWidth: 420, textAlign: 'center' }}>
        <Typography variant="h1" component="h1" gutterBottom>
          Yoto Playlist Alarms
        </Typography>
        <Alert severity="error" sx={{ my: 2, textAlign: 'left' }}>
          {INIT_FAILED_MESSAGE}
        </Alert>
        <Button variant="contained" onClick={onRetry}>
          Retry
        </Button>
      </Box>
    </Box>
  );
}
