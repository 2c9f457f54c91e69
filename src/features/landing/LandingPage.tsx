import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { ButtonLink } from '../../components/links';
import { PageContainer } from '../../components/PageContainer';
import { useAuthState } from '../../state/app.state';
import { completeGoogleRedirect } from '../auth/auth-session';
import { GoogleButton } from '../auth/GoogleButton';
import { SignInForm } from '../auth/SignInForm';
import { useStartAsGuest } from '../auth/use-start-as-guest';

const FEATURES = [
  'Snap a photo of your poop and classify it on the Bristol scale.',
  'Keep a daily streak and climb the leaderboards.',
  'Follow friends, like and comment on their posts.',
  'Works offline: post now, it uploads when you are back online.',
] as const;

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
    <PageContainer>
      <Box component="header" sx={{ textAlign: 'center', mb: 3 }}>
        <Box component="img" src="/icons/icon-192.png" alt="" width={96} height={96} sx={{ borderRadius: 4 }} />
        <Typography component="h1" variant="h3" sx={{ fontWeight: 700 }}>
          Plop
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary">
          The social app for your daily business.
        </Typography>
      </Box>
      <Box component="ul" sx={{ pl: 3, mb: 3 }}>
        {FEATURES.map((feature) => (
          <Typography component="li" key={feature} sx={{ mb: 0.5 }}>
            {feature}
          </Typography>
        ))}
      </Box>
      <Paper component="section" aria-labelledby="sign-in-heading" aria-busy={!resolved} sx={{ p: 3 }}>
        <Typography id="sign-in-heading" component="h2" variant="h5" gutterBottom>
          {signedIn ? 'You are signed in' : 'Sign in or sign up'}
        </Typography>
        {!resolved ? (
          // Until Firebase reports, a form could flash before the link; wait instead.
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress aria-label="Checking whether you are signed in" />
          </Box>
        ) : signedIn ? (
          <ButtonLink to="/root" variant="contained" size="large" fullWidth>
            Open the app
          </ButtonLink>
        ) : (
          <Stack spacing={2}>
            <SignInForm onSignedIn={() => navigate({ to: '/root' })} />
            <Divider>or</Divider>
            <GoogleButton />
            <Button variant="text" size="large" disabled={guest.busy} onClick={() => void guest.start()}>
              Try it first
            </Button>
          </Stack>
        )}
      </Paper>
    </PageContainer>
  );
}
