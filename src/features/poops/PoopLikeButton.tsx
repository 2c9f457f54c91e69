import type { Poop } from '../../../core/poop-api';
import { LikeButton } from './LikeButton';
import { usePoopLike } from './use-poop-mutations';

/** The like toggle of a post; the change shows everywhere the post is (feed and its page) at once. */
export function PoopLikeButton({ poop }: { poop: Pick<Poop, 'id' | 'likes' | 'likedByMe'> }) {
  const setLiked = usePoopLike(poop.id);
  return <LikeButton liked={poop.likedByMe} likes={poop.likes} onToggle={() => setLiked(!poop.likedByMe)} />;
}
