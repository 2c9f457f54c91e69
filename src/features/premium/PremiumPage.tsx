import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChatIcon from '@mui/icons-material/ChatBubbleOutline';
import PremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isPremium } from '../../../core/user';
import { openBillingPortal, premiumPlanQuery, startCheckout } from '../../api/premium.api';
import { BackHeading } from '../../components/BackButton';
import { ButtonLink } from '../../components/links';
import { PageContainer } from '../../components/PageContainer';
import { useToast } from '../../components/toast/use-toast';
import { useCurrentUser } from '../../state/app.state';
import { PREMIUM_TEXTS as T, priceLabel, renewalDate, statusText } from './premium-texts';
import { useReceiptValidation } from './use-receipt-validation';
import { QueryLoading } from '../../components/QueryLoading';

/** Sends the browser to a Stripe page (Checkout or the billing portal). */
function redirect(url: string): void {
  window.location.assign(url);
}

/**
 * /root/premium: what premium gives; for a premium member their status, renewal date and the
 * billing portal (or that an admin granted it); for others the price and Subscribe, or one
 * sentence that premium is not offered here (payments off). Operator commands are in the README.
 */
export function PremiumPage() {
  const user = useCurrentUser();
  const { i18n, t } = useLingui();
  const plan = useQuery(premiumPlanQuery());
  const toast = useToast();
  const checkout = useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ url }) => redirect(url),
    onError: () => toast.error(i18n._(T.redirectFailed)),
  });
  const portal = useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => redirect(url),
    onError: () => toast.error(i18n._(T.redirectFailed)),
  });
  const premium = user !== null && isPremium(user);
  const hasSubscription = user?.subscription !== null && user?.subscription !== undefined;
  // The same once-per-load validation RootLayout runs: its answer has the renewal date.
  const renewal = useReceiptValidation();

  return (
    <PageContainer>
      <BackHeading parent="/root">{i18n._(T.heading)}</BackHeading>
      <Paper component="section" aria-labelledby="premium-perks" sx={{ p: 3, mb: 3 }}>
        <Typography id="premium-perks" component="h2" variant="h6" gutterBottom>
          {i18n._(T.intro)}
        </Typography>
        <List dense>
          <ListItem>
            <ListItemIcon>
              <ChatIcon color="primary" />
            </ListItemIcon>
            <ListItemText primary={i18n._(T.perkChat)} />
          </ListItem>
          <ListItem>
            <ListItemIcon>
              <PremiumIcon color="primary" />
            </ListItemIcon>
            <ListItemText primary={i18n._(T.perkBadge)} />
          </ListItem>
        </List>
      </Paper>

      {user !== null && premium ? (
        <Paper component="section" aria-labelledby="premium-status" sx={{ p: 3, mb: 2 }}>
          <Typography id="premium-status" component="h2" variant="h6" gutterBottom>
            {i18n._(T.youArePremium)}
          </Typography>
          {user.admin && !user.premium ? (
            <Typography>{i18n._(T.adminPremium)}</Typography>
          ) : !hasSubscription ? (
            <Typography>{i18n._(T.grantedPremium)}</Typography>
          ) : (
            <>
              <Typography>{statusText(user.subscriptionStatus, i18n)}</Typography>
              {renewal?.subscription.currentPeriodEnd && (
                <Typography>{i18n._(T.renews(renewalDate(renewal.subscription.currentPeriodEnd, i18n.locale)))}</Typography>
              )}
            </>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            <ButtonLink to="/root/chat" variant="contained">
              {i18n._(T.openChat)}
            </ButtonLink>
            {hasSubscription && plan.data?.configured && (
              <Button variant="outlined" disabled={portal.isPending} onClick={() => portal.mutate()}>
                {i18n._(T.manage)}
              </Button>
            )}
          </Box>
        </Paper>
      ) : plan.isPending ? (
        <QueryLoading label={t`Loading the premium plan`} py={2} fetchStatus={plan.fetchStatus} />
      ) : plan.isError ? (
        <Alert
          severity="error"
          action={
            <Button onClick={() => void plan.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          }
        >
          {i18n._(T.loadFailed)}
        </Alert>
      ) : !plan.data.configured ? (
        <Typography>{i18n._(T.notOffered)}</Typography>
      ) : (
        <Box>
          {user !== null && hasSubscription && <Typography sx={{ mb: 2 }}>{statusText(user.subscriptionStatus, i18n)}</Typography>}
          <Typography variant="h5" component="p" sx={{ mb: 2 }}>
            {plan.data.price ? priceLabel(plan.data.price, i18n) : i18n._(T.priceUnknown)}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" size="large" disabled={checkout.isPending} onClick={() => checkout.mutate()}>
              {i18n._(T.subscribe)}
            </Button>
            {hasSubscription && (
              <Button variant="outlined" disabled={portal.isPending} onClick={() => portal.mutate()}>
                {i18n._(T.manage)}
              </Button>
            )}
          </Box>
        </Box>
      )}
    </PageContainer>
  );
}
