/** Anything that can be liked: a post or a comment. */
export interface Likeable {
  likes: number;
  likedByMe: boolean;
}

/** The optimistic state after the viewer taps like: the flag flips and the count follows (never below 0). */
export function toggledLike<T extends Likeable>(item: T): T {
  const likedByMe = !item.likedByMe;
  return { ...item, likedByMe, likes: Math.max(0, item.likes + (likedByMe ? 1 : -1)) };
}
