import { useEffect } from 'react';
import Button from '@mui/material/Button';
import { CONNECT_ACCOUNT_LABEL } from '@playlist-alarms/core/texts/first-view-texts';
import { markFirstViewPainted } from '../lib/first-view';
import { whenIdle } from '../lib/when-idle';
import { BrandCard } from './BrandCard';
import { ErrorNotice } from './ErrorNotice';

interface SignInProps {
  error: string | null;
  onLogin: () => void;
}

/** What the logged-out view adds to the card: an error, if any, and the sign-in button. */
export function SignInAction({ error, onLogin }: SignInProps) {
  // The logged-out view is the page's first view: what waited for it (the installable app) may load now.
  useEffect(() => whenIdle(markFirstViewPainted), []);
  return (
    <>
      {error && <ErrorNotice severity="error">{error}</ErrorNotice>}
      <Button variant="contained" size="large" fullWidth onClick={onLogin}>
        {CONNECT_ACCOUNT_LABEL}
      </Button>
    </>
  );
}

export function LoggedOutView(props: SignInProps) {
  return (
    <BrandCard>
      <SignInAction {...props} />
    </BrandCard>
  );
}
