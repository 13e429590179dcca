import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { LOADING_TEXT } from '@playlist-alarms/core/texts/first-view-texts';
import { BrandCard } from './BrandCard';

/** What the loading view adds to the card. */
export function LoadingStatus() {
  return (
    <>
      <CircularProgress aria-label="Loading" size={32} />
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {LOADING_TEXT}
      </Typography>
    </>
  );
}

/** Also prerendered into index.html (build/prerender-splash.ts): no browser API may be used here. */
export function LoadingView() {
  return (
    <BrandCard busy>
      <LoadingStatus />
    </BrandCard>
  );
}
