import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AlarmIcon from '@mui/icons-material/Alarm';
import { APP_PROMISE, APP_TITLE } from '@playlist-alarms/core/texts/first-view-texts';

/**
 * The card of the loading and logged-out views: the app's name and promise, then what the view
 * adds. index.html carries the loading view prerendered (build/prerender-splash.ts), so this card
 * paints before the script and the script hydrates it. On a visit without a session the logged-out
 * view then fills in the same card (App.tsx), so its largest text is the very node that painted first.
 */
export function BrandCard({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <Box
      component="main"
      // Top-aligned, not centred: what a view adds below the promise never moves the title.
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'start center', p: 2, pt: 'max(16px, 12vh)' }}
      aria-busy={busy || undefined}
    >
      <Card sx={{ maxWidth: 460, width: '100%' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <AlarmIcon color="primary" sx={{ fontSize: 56 }} aria-hidden />
          <Typography variant="h1" component="h1" gutterBottom>
            {APP_TITLE}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {APP_PROMISE}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
