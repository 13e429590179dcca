import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AlarmIcon from '@mui/icons-material/Alarm';
import { APP_TITLE, CONNECT_ACCOUNT_LABEL } from '@playlist-alarms/core/messages';

export function LoggedOutView({ error, onLogin }: { error: string | null; onLogin: () => void }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ maxWidth: 460, width: '100%' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <AlarmIcon color="primary" sx={{ fontSize: 56 }} aria-hidden />
          <Typography variant="h1" component="h1" gutterBottom>
            {APP_TITLE}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Wake up and wind down with your family&apos;s playlists: browse them, play them on your player and
            set wake-up and bedtime alarms.
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 2, textAlign: 'left' }}>
              {error}
            </Alert>
          )}
          <Button variant="contained" size="large" fullWidth onClick={onLogin}>
            {CONNECT_ACCOUNT_LABEL}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
