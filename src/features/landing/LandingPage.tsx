import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { safeReturnPath } from '../../../core/return-path';
import { ButtonLink } from '../../components/button-link';
import { useAuthState } from '../../state/app.state';
import { completeGoogleRedirect } from '../auth/auth-session';
import { useStartAsGuest } from '../auth/use-start-as-guest';
import { LANDING_TEXT } from './landing.text';
import { CheckingSignIn, LandingView } from './LandingView';
import { SignInChoices } from './SignInChoices';

/**
 * The public landing page: what Plop is, and the way in. `next` is the app screen a signed-out
 * visitor asked for (checked by the route: a path of this app); signing in continues there.
 */
export function LandingPage({ next }: { next?: string }) {
  const { resolved, uid } = useAuthState();
  const signedIn = resolved && uid !== null;
  const navigate = useNavigate();
  const guest = useStartAsGuest();
  // Checked again here: whatever reaches this page, only a path of this app is followed.
  const target = safeReturnPath(next) ?? '/root';

  // Back from Google sign-in (which returns to the page it left): go on into the app.
  useEffect(() => {
    let active = true;
    void completeGoogleRedirect().then((outcome) => {
      if (active && outcome === 'signed-in') void navigate({ href: target });
    });
    return () => {
      active = false;
    };
  }, [navigate, target]);

  return (
    <LandingView heading={signedIn ? LANDING_TEXT.signedInHeading : LANDING_TEXT.signInHeading} busy={!resolved}>
      {!resolved ? (
        <CheckingSignIn />
      ) : signedIn ? (
        <ButtonLink to="/root" variant="contained" size="large" fullWidth>
          {LANDING_TEXT.openApp}
        </ButtonLink>
      ) : (
        <SignInChoices onSignedIn={() => navigate({ href: target })} guestBusy={guest.busy} onTryFirst={() => void guest.start(target)} />
      )}
    </LandingView>
  );
}
