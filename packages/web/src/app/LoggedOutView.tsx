import { useEffect } from 'react';
import { CONNECT_ACCOUNT_LABEL } from '@playlist-alarms/core/texts/first-view-texts';
import { markFirstViewPainted } from '../lib/first-view';
import { whenIdle } from '../lib/when-idle';
import { BrandButton } from './BrandButton';
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
      <BrandButton type="button" onClick={onLogin}>
        {CONNECT_ACCOUNT_LABEL}
      </BrandButton>
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
