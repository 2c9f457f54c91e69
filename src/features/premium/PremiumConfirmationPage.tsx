import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { isPremium } from '../../../core/user';
import { queryKeys } from '../../api/query-keys';
import { getMe } from '../../api/session.api';
import { setCurrentUser } from '../../state/app.state';
import { BackHeading } from '../../components/BackButton';
import { ButtonLink } from '../../components/links';
import { PageContainer } from '../../components/PageContainer';
import { PREMIUM_TEXTS as T, statusText } from './premium-texts';

/** How often the page asks whether Stripe's webhook has made the user premium yet. */
const CONFIRM_POLL_MS = 2_000;

/** /root/premium-confirmation: back from Stripe Checkout; shows the status once the webhook has recorded it. */
export function PremiumConfirmationPage() {
  const { i18n } = useLingui();
  const me = useQuery({
    queryKey: queryKeys.premiumConfirmation(),
    queryFn: async () => {
      const user = await getMe();
      setCurrentUser(user);
      return user;
    },
    refetchInterval: (query) => (query.state.data && isPremium(query.state.data) ? false : CONFIRM_POLL_MS),
  });
  const user = me.data;
  const premium = user !== undefined && isPremium(user);

  return (
    <PageContainer>
      <BackHeading parent="/root/premium">{i18n._(T.confirmationHeading)}</BackHeading>
      {me.isPending ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress aria-label={i18n._(T.confirming)} />
          <Typography>{i18n._(T.confirming)}</Typography>
        </Box>
      ) : premium ? (
        <Alert severity="success" role="status">
          {i18n._(T.confirmed)}
        </Alert>
      ) : (
        <Alert severity={me.isError ? 'error' : 'info'} role="status">
          {i18n._(T.notYet)}
        </Alert>
      )}
      {user && <Typography sx={{ mt: 2 }}>{statusText(user.subscriptionStatus, i18n)}</Typography>}
      <Box sx={{ mt: 2, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {premium && (
          <ButtonLink to="/root/chat" variant="contained">
            {i18n._(T.openChat)}
          </ButtonLink>
        )}
        <ButtonLink to="/root/premium" variant="outlined">
          {i18n._(T.backToPremium)}
        </ButtonLink>
      </Box>
    </PageContainer>
  );
}
