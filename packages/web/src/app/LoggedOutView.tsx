import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { CONNECT_ACCOUNT_LABEL } from '@playlist-alarms/core/texts/messages';
import { BrandCard } from './BrandCard';

interface SignInProps {
  error: string | null;
  onLogin: () => void;
}

/** What the logged-out view adds to the card: an error, if any, and the sign-in button. */
export function SignInAction({ error, onLogin }: SignInProps) {
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mb: 2, textAlign: 'left' }}>
          {error}
        </Alert>
      )}
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
