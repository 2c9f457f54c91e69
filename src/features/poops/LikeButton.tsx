import Button from '@mui/material/Button';
import LikedIcon from '@mui/icons-material/Favorite';
import LikeIcon from '@mui/icons-material/FavoriteBorder';
import PendingIcon from '@mui/icons-material/CloudQueue';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useRequireAccount } from '../auth/use-require-account';

export interface LikeButtonProps {
  liked: boolean;
  likes: number;
  /** Called only for a signed-in user with an account; others see the login wall. */
  onToggle: () => void;
  /** What is liked, for the accessible name: 'Like' (the default) or 'Like comment'. */
  label?: string;
  /** The change waits in the outbox: a small cloud mark and '(waiting for connection)' in the name. */
  pending?: boolean;
}

/** A heart toggle with its count (aria-pressed), guarded by useRequireAccount('like'). */
export function LikeButton({ liked, likes, onToggle, label, pending = false }: LikeButtonProps) {
  const { t } = useLingui();
  const requireAccount = useRequireAccount();
  const what = label ?? t`Like`;
  const count = plural(likes, { one: '# like', other: '# likes' });
  return (
    <Button
      size="small"
      color={liked ? 'error' : 'inherit'}
      aria-pressed={liked}
      aria-label={pending ? t`${what}, ${count}, waiting for connection` : t`${what}, ${count}`}
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
