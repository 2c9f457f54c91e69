import type { Comment } from '../../../core/poop-api';

/**
 * A post's comments on screen, oldest first. `items` are the pages loaded so far; `mine` are
 * comments the user added while older pages were still unloaded: they are the newest, so they
 * are shown after the "Load more" button until the page holding them arrives.
 */
export interface CommentList {
  items: readonly Comment[];
  mine: readonly Comment[];
  nextCursor: string | null;
}

export const EMPTY_COMMENTS: CommentList = { items: [], mine: [], nextCursor: null };

/** Adds a page (the first replaces, later ones extend); a comment already shown is not shown twice. */
export function addCommentPage(list: CommentList, page: { comments: readonly Comment[]; nextCursor: string | null }, first: boolean): CommentList {
  const base = first ? [] : list.items;
  const seen = new Set(base.map((comment) => comment.id));
  const items = [...base, ...page.comments.filter((comment) => !seen.has(comment.id))];
  const loaded = new Set(items.map((comment) => comment.id));
  const mine = list.mine.filter((comment) => !loaded.has(comment.id));
  // At the end of the list, the user's own comments join it, in order.
  if (page.nextCursor === null) return { items: [...items, ...mine], mine: [], nextCursor: null };
  return { items, mine, nextCursor: page.nextCursor };
}

/** Whether the list already shows this comment (a retried send answers the stored one). */
export function hasComment(list: CommentList, id: string): boolean {
  return list.items.some((comment) => comment.id === id) || list.mine.some((comment) => comment.id === id);
}

/** Adds the user's new comment at the end. */
export function addMyComment(list: CommentList, comment: Comment): CommentList {
  if (hasComment(list, comment.id)) return list;
  return list.nextCursor === null ? { ...list, items: [...list.items, comment] } : { ...list, mine: [...list.mine, comment] };
}

/** Changes one comment wherever it is. */
export function updateComment(list: CommentList, id: string, change: (comment: Comment) => Comment): CommentList {
  const map = (comments: readonly Comment[]) => comments.map((comment) => (comment.id === id ? change(comment) : comment));
  return { ...list, items: map(list.items), mine: map(list.mine) };
}

export function removeComment(list: CommentList, id: string): CommentList {
  const keep = (comments: readonly Comment[]) => comments.filter((comment) => comment.id !== id);
  return { ...list, items: keep(list.items), mine: keep(list.mine) };
}
