import { overlayCount } from '../../../core/outbox';
import type { Poop } from '../../../core/poop-api';
import { usePendingToggle } from '../outbox/use-outbox';
import { LikeButton } from './LikeButton';
import { usePoopLike } from './use-poop-mutations';

/**
 * The like toggle of a post; the change shows everywhere the post is (feed and its page) at
 * once. A like still in the outbox shows in its new state with a pending mark.
 */
export function PoopLikeButton({ poop }: { poop: Pick<Poop, 'id' | 'likes' | 'likedByMe'> }) {
  const pending = usePendingToggle(poop.id, 'poop-like', 'poop-unlike');
  const { on, count } = overlayCount(poop.likes, poop.likedByMe, pending);
  const setLiked = usePoopLike(poop.id);
  return <LikeButton liked={on} likes={count} pending={pending !== undefined} onToggle={() => setLiked(!on)} />;
}
