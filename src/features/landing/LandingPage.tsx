import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../components/links';
import { PageContainer } from '../../components/PageContainer';
import { useAuthState } from '../../state/app.state';
import { SignInForm } from '../auth/SignInForm';

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
          <SignInForm />
        )}
      </Paper>
    </PageContainer>
  );
}
