import Button from '@mui/material/Button';
import LikedIcon from '@mui/icons-material/Favorite';
import LikeIcon from '@mui/icons-material/FavoriteBorder';
import { countLabel } from '../account/account-format';
import { useRequireAccount } from '../auth/use-require-account';

export interface LikeButtonProps {
  liked: boolean;
  likes: number;
  /** Called only for a signed-in user with an account; others see the login wall. */
  onToggle: () => void;
  /** What is liked, for the accessible name: 'Like' or 'Like comment'. */
  label?: string;
}

/** A heart toggle with its count (aria-pressed), guarded by useRequireAccount('like'). */
export function LikeButton({ liked, likes, onToggle, label = 'Like' }: LikeButtonProps) {
  const requireAccount = useRequireAccount();
  return (
    <Button
      size="small"
      color={liked ? 'error' : 'inherit'}
      aria-pressed={liked}
      aria-label={`${label}, ${countLabel(likes, 'like')}`}
      startIcon={liked ? <LikedIcon /> : <LikeIcon />}
      onClick={() => {
        if (requireAccount('like')) onToggle();
      }}
      sx={{ minWidth: 0 }}
    >
      {likes}
    </Button>
  );
}
