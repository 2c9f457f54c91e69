import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ButtonLink } from '../../components/links';
import { PageContainer } from '../../components/PageContainer';
import { useStartAsGuest } from '../auth/use-start-as-guest';
import { ONBOARDING_PAGES, ONBOARDING_PATHS, ONBOARDING_START, type OnboardingPath } from './onboarding-pages';
import { OnboardingPicture } from './OnboardingPicture';

export function OnboardingPage({ path }: { path: OnboardingPath }) {
  const page = ONBOARDING_PAGES[path];
  const last = page.next === '/';
  const navigate = useNavigate();
  const { i18n, t } = useLingui();
  const number = ONBOARDING_PATHS.indexOf(path) + 1;
  const total = ONBOARDING_PATHS.length;
  const guest = useStartAsGuest((href) => navigate({ href }));
  return (
    <PageContainer>
      <Typography variant="body2" color="text.secondary">
        {t`${number} of ${total}`}
      </Typography>
      <Typography component="h1" variant="h4" gutterBottom>
        {i18n._(page.title)}
      </Typography>
      <Typography sx={{ mb: 3 }}>{i18n._(page.text)}</Typography>
      <Box sx={{ mb: 3 }}>
        <OnboardingPicture path={path} />
      </Box>
      {last && (
        <Typography id="onboarding-start-note" color="text.secondary" sx={{ mb: 2 }}>
          {i18n._(ONBOARDING_START.note)}
        </Typography>
      )}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {last ? (
          // The end of onboarding goes straight into the app, as a guest until they sign up: it says so.
          <Button variant="contained" disabled={guest.busy} aria-describedby="onboarding-start-note" onClick={() => void guest.start()}>
            {i18n._(ONBOARDING_START.button)}
          </Button>
        ) : (
          <ButtonLink to={page.next} variant="contained">
            <Trans>Next</Trans>
          </ButtonLink>
        )}
        <ButtonLink to="/" variant="text">
          {last ? i18n._(ONBOARDING_START.signIn) : t`Skip`}
        </ButtonLink>
      </Stack>
    </PageContainer>
  );
}
