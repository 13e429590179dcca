import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { APP_TITLE, LOADING_TEXT } from '@playlist-alarms/core/messages';

export function LoadingView() {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
      aria-busy="true"
    >
      <Box>
        <Typography variant="h1" component="h1" gutterBottom>
          {APP_TITLE}
        </Typography>
        <CircularProgress aria-label="Loading" sx={{ my: 2 }} />
        <Typography color="text.secondary">{LOADING_TEXT}</Typography>
      </Box>
    </Box>
  );
}
