import Typography from '@mui/material/Typography';
import { MESSAGES } from '../../core/messages';
import { APP_TEXT } from './app.text';
import { ButtonLink } from './button-link';
import { PageContainer } from './PageContainer';

/** Unknown routes and missing resources (route errors have RouteError). */
export function NotFound() {
  return (
    <PageContainer>
      <Typography component="h1" variant="h4" gutterBottom>
        {MESSAGES.notFound}
      </Typography>
      <ButtonLink to="/" variant="contained">
        {APP_TEXT.homeLink}
      </ButtonLink>
    </PageContainer>
  );
}
