import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { isPremium } from '../../../core/user';
import { queryKeys } from '../../api/query-keys';
import { getMe } from '../../api/session.api';
import { setCurrentUser } from '../../state/app.state';
import { BackHeading } from '../../components/BackButton';
import { ButtonLink } from '../../components/links';
import { PageContainer } from '../../components/PageContainer';
import { PREMIUM_TEXTS as T } from './premium-texts';

/** How often the page asks whether Stripe's webhook has made the user premium yet. */
const CONFIRM_POLL_MS = 2_000;

/** /root/premium-confirmation: back from Stripe Checkout; shows the status once the webhook has recorded it. */
export function PremiumConfirmationPage() {
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
      <BackHeading parent="/root/premium">{T.confirmationHeading}</BackHeading>
      {me.isPending ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress aria-label={T.confirming} />
          <Typography>{T.confirming}</Typography>
        </Box>
      ) : premium ? (
        <Alert severity="success" role="status">
          {T.confirmed}
        </Alert>
      ) : (
        <Alert severity={me.isError ? 'error' : 'info'} role="status">
          {T.notYet}
        </Alert>
      )}
      {user && <Typography sx={{ mt: 2 }}>{T.status(user.subscriptionStatus)}</Typography>}
      <Box sx={{ mt: 2, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {premium && (
          <ButtonLink to="/root/chat" variant="contained">
            {T.openChat}
          </ButtonLink>
        )}
        <ButtonLink to="/root/premium" variant="outlined">
          {T.backToPremium}
        </ButtonLink>
      </Box>
    </PageContainer>
  );
}
