import Typography from '@mui/material/Typography';
import { MESSAGES } from '../../core/messages';
import { ButtonLink } from './links';
import { PageContainer } from './PageContainer';

/** Unknown routes and route errors (spec section 8: 'A route error shows Not Found'). */
export function NotFound() {
  return (
    <PageContainer>
      <Typography component="h1" variant="h4" gutterBottom>
        {MESSAGES.notFound}
      </Typography>
      <ButtonLink to="/" variant="contained">
        Go to the home page
      </ButtonLink>
    </PageContainer>
  );
}
