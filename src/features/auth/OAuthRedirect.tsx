import { useEffect, useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '../../../core/messages';
import { loadConfig } from '../../api/config.api';
import { PageContainer } from '../../components/PageContainer';
import { AUTH_ERROR_MESSAGES } from './auth-errors';
import { deepLinkUrl } from './deep-link';

/** Hands the id_token of a web sign-in to the mobile app through its deep link. */
export function OAuthRedirect({ idToken }: { idToken: string | undefined }) {
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (idToken === undefined) return;
    loadConfig().then(
      (config) => window.location.replace(deepLinkUrl(config.mobileDeepLink, idToken)),
      () => setFailed(true),
    );
  }, [idToken]);

  let content = <CircularProgress aria-label="Opening the Plop app" />;
  if (idToken === undefined) content = <Typography component="h1" variant="h5">{MESSAGES.noTokenFound}</Typography>;
  else if (failed) content = <Typography component="h1" variant="h5">{AUTH_ERROR_MESSAGES.network}</Typography>;
  return <PageContainer>{content}</PageContainer>;
}
