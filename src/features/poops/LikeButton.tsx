import Button from '@mui/material/Button';
import LikedIcon from '@mui/icons-material/Favorite';
import LikeIcon from '@mui/icons-material/FavoriteBorder';
import PendingIcon from '@mui/icons-material/CloudQueue';
import { countLabel } from '../account/account-format';
import { useRequireAccount } from '../auth/use-require-account';

export interface LikeButtonProps {
  liked: boolean;
  likes: number;
  /** Called only for a signed-in user with an account; others see the login wall. */
  onToggle: () => void;
  /** What is liked, for the accessible name: 'Like' or 'Like comment'. */
  label?: string;
  /** The change waits in the outbox: a small cloud mark and '(waiting for connection)' in the name. */
  pending?: boolean;
}

/** A heart toggle with its count (aria-pressed), guarded by useRequireAccount('like'). */
export function LikeButton({ liked, likes, onToggle, label = 'Like', pending = false }: LikeButtonProps) {
  const requireAccount = useRequireAccount();
  return (
    <Button
      size="small"
      color={liked ? 'error' : 'inherit'}
      aria-pressed={liked}
      aria-label={`${label}, ${countLabel(likes, 'like')}${pending ? ', waiting for connection' : ''}`}
      startIcon={liked ? <LikedIcon /> : <LikeIcon />}
      endIcon={pending ? <PendingIcon fontSize="small" data-testid="pending-mark" /> : undefined}
      onClick={() => {
        if (requireAccount('like')) onToggle();
      }}
      sx={{ minWidth: 0 }}
    >
      {likes}
    </Button>
  );
}
