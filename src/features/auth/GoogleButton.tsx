import Button from '@mui/material/Button';
import GoogleIcon from '@mui/icons-material/Google';
import { Trans } from '@lingui/react/macro';
import { useAction } from '../../components/toast/use-action';
import { continueWithGoogle } from './auth-session';

/** Leaves for Google sign-in (or, for a guest, Google linking); the page comes back signed in. */
export function GoogleButton() {
  const { busy, run } = useAction(continueWithGoogle);

  return (
    <Button variant="outlined" size="large" startIcon={<GoogleIcon />} disabled={busy} onClick={() => void run()} fullWidth>
      <Trans>Continue with Google</Trans>
    </Button>
  );
}
