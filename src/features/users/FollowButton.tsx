import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../../core/social-api';
import { userQuery } from '../../api/users.queries';
import { useAuthState } from '../../state/app.state';
import { useFollow } from './use-follow';

/**
 * Follow / Unfollow for `user` (nothing for yourself). Reads the user's cached page when there
 * is one, so a row and the user page agree, and shows the pending choice at once.
 */
export function FollowButton({ user, size = 'medium' }: { user: PublicUser; size?: 'small' | 'medium' }) {
  const { uid } = useAuthState();
  const cached = useQuery({ ...userQuery(user.uid), enabled: false }).data;
  const { toggle, pendingFollow } = useFollow(user);
  if (uid === user.uid) return null;
  const following = pendingFollow ?? cached?.isFollowing ?? user.isFollowing;
  return (
    <Button
      size={size}
      variant={following ? 'outlined' : 'contained'}
      onClick={() => toggle(!following)}
    >
      {following ? 'Unfollow' : 'Follow'}
    </Button>
  );
}
