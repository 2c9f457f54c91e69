import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import { safeReturnPath } from '../../../core/return-path';
import { useAuthState, type AuthState } from '../../state/app.state';
import { completeGoogleRedirect } from '../auth/auth-session';
import type { Credentials } from '../auth/SignInForm';
import { useStartAsGuest } from '../auth/use-start-as-guest';
import { ACCOUNT_DELETED_TEXT } from '../account/delete-account';
import { CheckingSignIn, LandingView } from './LandingView';
import { SignInChoices } from './SignInChoices';

/**
 * The public landing page: what Plop is, and the way in. `next` is the app screen a signed-out
 * visitor asked for (checked by the route: a path of this app); signing in continues there.
 * `enter` opens an app screen: the router's navigation in the app, and on the page the server
 * sends for `GET /` (src/landing/), which runs without the app, the start of the app. `typed`:
 * what that page's form holds when its code takes it over.
 */
export function LandingPage({
  next,
  enter,
  typed,
  deleted = false,
  auth,
}: {
  next?: string;
  enter: (href: string) => unknown;
  typed?: Credentials;
  /** Arrived here from deleting the account: the page says it was deleted. */
  deleted?: boolean;
  /** Who to render the page for instead of who is signed in (the prerendered page's first render in the browser). */
  auth?: AuthState;
}) {
  const current = useAuthState();
  const { resolved, uid } = auth ?? current;
  const signedIn = resolved && uid !== null;
  const guest = useStartAsGuest(enter);
  const { t } = useLingui();
  // Checked again here: whatever reaches this page, only a path of this app is followed.
  const target = safeReturnPath(next) ?? '/root';

  // Back from Google sign-in (which returns to the page it left): go on into the app.
  useEffect(() => {
    let active = true;
    void completeGoogleRedirect().then((outcome) => {
      if (active && outcome === 'signed-in') void enter(target);
    });
    return () => {
      active = false;
    };
  }, [enter, target]);

  return (
    <LandingView heading={signedIn ? t`You are signed in` : t`Sign in or sign up`} busy={!resolved}>
      {deleted && (
        // Plain text, not an Alert: the landing's code stays small.
        <Typography role="status" sx={{ mb: 2, fontWeight: 600 }}>
          {ACCOUNT_DELETED_TEXT}
        </Typography>
      )}
      {!resolved ? (
        <CheckingSignIn />
      ) : signedIn ? (
        <Button
          href="/root"
          onClick={(event) => {
            event.preventDefault();
            void enter('/root');
          }}
          variant="contained"
          size="large"
          fullWidth
        >
          <Trans>Open the app</Trans>
        </Button>
      ) : (
        <SignInChoices
          onSignedIn={() => void enter(target)}
          guestBusy={guest.busy}
          onTryFirst={() => void guest.start(target)}
          typed={typed}
        />
      )}
    </LandingView>
  );
}
