import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import FireIcon from '@mui/icons-material/LocalFireDepartment';
import NotificationsIcon from '@mui/icons-material/NotificationsActiveOutlined';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/api-error';
import { useToast } from '../../components/toast/use-toast';
import { setPostPayoff, useCurrentUser, type ShownPayoff as Payoff } from '../../state/app.state';
import { messageForError } from '../auth/auth-errors';
import { askPushPermission, turnOnNotifications } from '../push/push-switch';

const pop = keyframes`
  0% { transform: scale(0.4) rotate(-12deg); opacity: 0; }
  60% { transform: scale(1.25) rotate(6deg); opacity: 1; }
  100% { transform: scale(1) rotate(0); }
`;

/** The title and line of a pay-off: the milestone first, then the first post, then the day's count. */
function payoffWords(payoff: Payoff): { title: MessageDescriptor; body: MessageDescriptor } {
  if (payoff.milestone) {
    const { days, points } = payoff.milestone;
    return {
      title: msg`${plural(days, { one: '#-day streak!', other: '#-day streak!' })}`,
      body: msg`${plural(points, { one: 'Milestone reached: +# point.', other: 'Milestone reached: +# points.' })}`,
    };
  }
  if (payoff.firstPost && payoff.diaryEntry)
    return { title: msg`Your first diary entry!`, body: msg`Day 1 of your streak. Log again tomorrow to keep it going.` };
  if (payoff.firstPost) return { title: msg`Your first post!`, body: msg`Day 1 of your streak. Post again tomorrow to keep it going.` };
  const { streak } = payoff;
  return { title: msg`Day ${streak} streak!`, body: msg`Come back tomorrow to keep it going.` };
}

/**
 * The moment after a post or a diary-only entry, above the feed (and Activity, where an entry lands) until closed: the streak's new count (a small pop the
 * first time each day, still under prefers-reduced-motion), a milestone with its points, the
 * account's first post; after the first post, the offer to turn on notifications (the browser
 * asks only when Enable is pressed, never on load).
 */
export function PostPayoff({ payoff }: { payoff: Payoff }) {
  const titleId = useId();
  const user = useCurrentUser();
  const words = payoffWords(payoff);
  const { i18n, t } = useLingui();
  const offerNotifications = payoff.firstPost && user !== null && !user.enableNotifications;
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: 2, mb: 3, position: 'relative' }}>
      <IconButton aria-label={t`Close`} onClick={() => setPostPayoff(null)} sx={{ position: 'absolute', top: 4, right: 4 }}>
        <CloseIcon />
      </IconButton>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', pr: 5 }}>
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 56,
            height: 56,
            flex: 'none',
            borderRadius: '50%',
            bgcolor: 'warning.main',
            color: 'warning.contrastText',
            // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS value.
            animation: `${pop} 600ms ease-out`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        >
          <FireIcon fontSize="large" />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} component="h2" variant="h6">
            {i18n._(words.title)}
          </Typography>
          <Typography variant="body2">{i18n._(words.body)}</Typography>
        </Box>
      </Stack>
      {offerNotifications && <NotificationsOffer />}
    </Paper>
  );
}

function NotificationsOffer() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const enable = async () => {
    // Asked now, inside the tap: browsers ignore a permission request made later.
    const permission = askPushPermission();
    setBusy(true);
    try {
      await turnOnNotifications(permission);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      toast.error(messageForError(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <NotificationsIcon aria-hidden color="primary" />
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          <Trans>Get told when someone comments</Trans>
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ my: 1 }}>
        <Trans>Hear about comments, likes and new followers, even when Plop is closed.</Trans>
      </Typography>
      <Button variant="contained" disabled={busy} onClick={() => void enable()}>
        <Trans>Enable</Trans>
      </Button>
    </Box>
  );
}
