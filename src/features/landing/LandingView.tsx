import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageContainer } from '../../components/PageContainer';

/** The app's name: the same in every language. */
const APP_NAME = 'Plop';

/** What Plop does, one point each (spec: the landing page). */
const FEATURES = [
  msg`Snap a photo of your poop and classify it on the Bristol scale.`,
  msg`Keep a daily streak and climb the leaderboards.`,
  msg`Keep a private health diary only you can see, and make a report for your doctor from it.`,
  msg`Follow friends, like and comment on their posts.`,
  msg`Works offline: post now, it uploads when you are back online.`,
];

// An <img> that keeps its width and height attributes (Box turns them into CSS), so the browser
// reserves its box before the image or any style has loaded.
const AppIcon = styled('img')({});

/**
 * What the landing shows, without state: what Plop is, then a section (the way in) whose
 * content the caller gives. Pure, so the build can render it ahead of time (src/prerender/).
 */
export function LandingView({ heading, busy, children }: { heading: string; busy: boolean; children: ReactNode }) {
  const headingId = useId();
  const { i18n } = useLingui();
  return (
    <PageContainer>
      <Box component="header" sx={{ textAlign: 'center', mb: 3 }}>
        <AppIcon src="/icons/icon-192.png" alt="" width={96} height={96} sx={{ borderRadius: 4 }} />
        <Typography component="h1" variant="h3" sx={{ fontWeight: 700 }}>
          {APP_NAME}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary">
          <Trans>The social app for your daily business.</Trans>
        </Typography>
      </Box>
      <Box component="ul" sx={{ pl: 3, mb: 3 }}>
        {FEATURES.map((feature, index) => (
          <Typography component="li" key={index} sx={{ mb: 0.5 }}>
            {i18n._(feature)}
          </Typography>
        ))}
      </Box>
      {/* A plain link: the onboarding pages are the app's, loaded on arrival (no script here). */}
      <Typography sx={{ mb: 3, textAlign: 'center' }}>
        <Link href="/onboard">
          <Trans>How Plop works</Trans>
        </Link>
      </Typography>
      <Paper component="section" aria-labelledby={headingId} aria-busy={busy} sx={{ p: 3 }}>
        <Typography id={headingId} component="h2" variant="h5" gutterBottom>
          {heading}
        </Typography>
        {children}
      </Paper>
    </PageContainer>
  );
}

/** The section while the auth state is unknown: a form could flash before the link, so it waits. */
export function CheckingSignIn() {
  const { t } = useLingui();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      <CircularProgress aria-label={t`Checking whether you are signed in`} />
    </Box>
  );
}
