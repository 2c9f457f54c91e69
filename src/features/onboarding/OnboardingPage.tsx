import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../components/links';
import { PageContainer } from '../../components/PageContainer';
import { ONBOARDING_PAGES, type OnboardingPath } from './onboarding-pages';

export function OnboardingPage({ path }: { path: OnboardingPath }) {
  const page = ONBOARDING_PAGES[path];
  const last = page.next === '/';
  return (
    <PageContainer>
      <Typography component="h1" variant="h4" gutterBottom>
        {page.title}
      </Typography>
      <Typography sx={{ mb: 3 }}>{page.text}</Typography>
      <Stack direction="row" spacing={2}>
        <ButtonLink to={page.next} variant="contained">
          {last ? 'Get started' : 'Next'}
        </ButtonLink>
        {!last && (
          <ButtonLink to="/" variant="text">
            Skip
          </ButtonLink>
        )}
      </Stack>
    </PageContainer>
  );
}
