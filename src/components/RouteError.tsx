import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messageForError } from '../features/auth/auth-errors';
import { useLingui } from '@lingui/react/macro';
import { ButtonLink } from './button-link';
import { PageContainer } from './PageContainer';

/**
 * A route that failed to load or render: what happened and a Try again that reloads the route and
 * resets failed queries. Unknown routes and missing resources show Not Found instead.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const { t } = useLingui();
  const router = useRouter();
  const queryErrors = useQueryErrorResetBoundary();

  // Leaving the error screen by a retry must refetch, not show the cached failure again.
  useEffect(() => queryErrors.clearReset(), [queryErrors]);

  const retry = () => {
    queryErrors.reset();
    void router.invalidate();
  };

  return (
    <PageContainer>
      <Typography component="h1" variant="h4" gutterBottom>
        {t`Something went wrong`}
      </Typography>
      {/* Text in the error colour rather than an Alert: this page is in the entry chunk, Alert is not. */}
      <Typography role="alert" color="error" sx={{ mb: 3 }}>
        {t`This page could not be shown.`} {messageForError(error)}
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={retry}>
          {t`Try again`}
        </Button>
        <ButtonLink to="/" variant="outlined">
          {t`Go to the home page`}
        </ButtonLink>
      </Stack>
    </PageContainer>
  );
}
