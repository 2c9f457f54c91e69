import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useNavigate } from '@tanstack/react-router';
import { ButtonLink } from '../../components/button-link';
import { useAuthState } from '../../state/app.state';
import { completeGoogleRedirect } from '../auth/auth-session';
import { GoogleButton } from '../auth/GoogleButton';
import { SignInForm } from '../auth/SignInForm';
import { useStartAsGuest } from '../auth/use-start-as-guest';
import { LANDING_TEXT } from './landing.text';
import { CheckingSignIn, LandingView } from './LandingView';

/** The public landing page: what Plop is, and the way in. */
export function LandingPage() {
  const { resolved, uid } = useAuthState();
  const signedIn = resolved && uid !== null;
  const navigate = useNavigate();
  const guest = useStartAsGuest();

  // Back from Google sign-in (which returns to the page it left): go on into the app.
  useEffect(() => {
    let active = true;
    void completeGoogleRedirect().then((outcome) => {
      if (active && outcome === 'signed-in') void navigate({ to: '/root' });
    });
    return () => {
      active = false;
    };
  }, [navigate]);

  return (
    <LandingView heading={signedIn ? LANDING_TEXT.signedInHeading : LANDING_TEXT.signInHeading} busy={!resolved}>
      {!resolved ? (
        <CheckingSignIn />
      ) : signedIn ? (
        <ButtonLink to="/root" variant="contained" size="large" fullWidth>
          {LANDING_TEXT.openApp}
        </ButtonLink>
      ) : (
        <Stack spacing={2}>
          <SignInForm onSignedIn={() => navigate({ to: '/root' })} />
          <Divider>{LANDING_TEXT.or}</Divider>
          <GoogleButton />
          <Button variant="text" size="large" disabled={guest.busy} onClick={() => void guest.start()}>
            {LANDING_TEXT.tryFirst}
          </Button>
        </Stack>
      )}
    </LandingView>
  );
}
