import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { loadConfig } from '../../api/config.api';
import { queryKeys } from '../../api/query-keys';
import { PageContainer } from '../../components/PageContainer';
import { AUTH_ERROR_MESSAGES, AUTH_TEXT } from './auth-errors';
import { deepLinkUrl } from './deep-link';

/** Hands the id_token of a web sign-in to the mobile app through its deep link. */
export function OAuthRedirect({ idToken }: { idToken: string | undefined }) {
  const { i18n, t } = useLingui();
  const { data: config, isError: failed } = useQuery({ queryKey: queryKeys.config(), queryFn: loadConfig, enabled: idToken !== undefined });

  // Leaving for the app is the one side effect, once the config has said where it is.
  useEffect(() => {
    if (idToken !== undefined && config !== undefined) window.location.replace(deepLinkUrl(config.mobileDeepLink, idToken));
  }, [config, idToken]);

  let content = <CircularProgress aria-label={t`Opening the Plop app`} />;
  if (idToken === undefined)
    content = (
      <Typography component="h1" variant="h5">
        {i18n._(AUTH_TEXT.noTokenFound)}
      </Typography>
    );
  else if (failed)
    content = (
      <Typography component="h1" variant="h5">
        {i18n._(AUTH_ERROR_MESSAGES.network)}
      </Typography>
    );
  return <PageContainer>{content}</PageContainer>;
}
