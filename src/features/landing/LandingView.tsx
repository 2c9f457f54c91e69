import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { PageContainer } from '../../components/PageContainer';
import { LANDING_TEXT } from './landing.text';

// An <img> that keeps its width and height attributes (Box turns them into CSS), so the browser
// reserves its box before the image or any style has loaded.
const AppIcon = styled('img')({});

/**
 * What the landing shows, without state: what Plop is, then a section (the way in) whose
 * content the caller gives. Pure, so the build can render it ahead of time (src/prerender/).
 */
export function LandingView({ heading, busy, children }: { heading: string; busy: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <PageContainer>
      <Box component="header" sx={{ textAlign: 'center', mb: 3 }}>
        <AppIcon src="/icons/icon-192.png" alt="" width={96} height={96} sx={{ borderRadius: 4 }} />
        <Typography component="h1" variant="h3" sx={{ fontWeight: 700 }}>
          {LANDING_TEXT.title}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary">
          {LANDING_TEXT.tagline}
        </Typography>
      </Box>
      <Box component="ul" sx={{ pl: 3, mb: 3 }}>
        {LANDING_TEXT.features.map((feature) => (
          <Typography component="li" key={feature} sx={{ mb: 0.5 }}>
            {feature}
          </Typography>
        ))}
      </Box>
      {/* A plain link: the onboarding pages are the app's, loaded on arrival (no script here). */}
      <Typography sx={{ mb: 3, textAlign: 'center' }}>
        <Link href="/onboard">{LANDING_TEXT.howItWorks}</Link>
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
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      <CircularProgress aria-label={LANDING_TEXT.checking} />
    </Box>
  );
}
