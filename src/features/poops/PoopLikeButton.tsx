import type { Poop } from '../../../core/poop-api';
import { LikeButton } from './LikeButton';
import { togglePoopLike } from './poop-actions';

/** The like toggle of a post; the change shows everywhere the post is (feed and its page) at once. */
export function PoopLikeButton({ poop }: { poop: Pick<Poop, 'id' | 'likes' | 'likedByMe'> }) {
  return <LikeButton liked={poop.likedByMe} likes={poop.likes} onToggle={() => void togglePoopLike(poop.id)} />;
}
