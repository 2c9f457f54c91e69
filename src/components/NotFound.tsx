import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { ButtonLink } from './button-link';
import { PageContainer } from './PageContainer';

/** Unknown routes and missing resources (route errors have RouteError). */
export function NotFound() {
  const { t } = useLingui();
  return (
    <PageContainer>
      <Typography component="h1" variant="h4" gutterBottom>
        {t`Not Found`}
      </Typography>
      <ButtonLink to="/" variant="contained">
        {t`Go to the home page`}
      </ButtonLink>
    </PageContainer>
  );
}
