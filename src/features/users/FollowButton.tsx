import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PendingIcon from '@mui/icons-material/CloudQueue';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../../core/social-api';
import { userQuery } from '../../api/users.queries';
import { useAuthState } from '../../state/app.state';
import { waitingText } from '../outbox/outbox-texts';
import { usePendingToggle } from '../outbox/use-outbox';
import { useFollow } from './use-follow';
import { VISUALLY_HIDDEN_SX } from '../../components/text-wrap';

/**
 * Follow / Unfollow for `user` (nothing for yourself). Reads the user's cached page when there
 * is one, so a row and the user page agree, and shows the pending choice at once. A follow still
 * in the outbox shows in its new state with a pending mark (its name stays Follow / Unfollow;
 * 'Waiting for connection' is its description).
 */
export function FollowButton({ user, size = 'medium' }: { user: PublicUser; size?: 'small' | 'medium' }) {
  const { uid, resolved } = useAuthState();
  const cached = useQuery({ ...userQuery(user.uid), enabled: false }).data;
  const { toggle, pendingFollow } = useFollow(user);
  const queued = usePendingToggle(user.uid, 'follow', 'unfollow');
  const descriptionId = useId();
  if (uid === user.uid) return null;
  const following = pendingFollow ?? queued ?? cached?.isFollowing ?? user.isFollowing;
  const waiting = pendingFollow === undefined && queued !== undefined;
  return (
    <>
      <Button
        size={size}
        variant={following ? 'outlined' : 'contained'}
        // Until the signed-in user is known, a tap could neither be sent nor queued for them.
        disabled={!resolved}
        onClick={() => toggle(!following)}
        endIcon={waiting ? <PendingIcon fontSize="small" data-testid="pending-mark" aria-hidden /> : undefined}
        aria-describedby={waiting ? descriptionId : undefined}
      >
        {following ? <Trans>Unfollow</Trans> : <Trans>Follow</Trans>}
      </Button>
      {/* Outside the button, so its name stays its visible text. */}
      {waiting && (
        <Box component="span" id={descriptionId} sx={VISUALLY_HIDDEN_SX}>
          {waitingText()}
        </Box>
      )}
    </>
  );
}
