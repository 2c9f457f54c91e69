import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isPremium } from '../../../core/user';
import { overlayCount, pendingToggle } from '../../../core/outbox';
import type { Comment, LikeResponse } from '../../../core/poop-api';
import {
  appendCachedComment,
  findCachedComment,
  patchCachedComment,
  removeCachedComment,
  type CommentPages,
} from '../../api/comment-cache';
import { getOutboxEntries, isQueued, type Queued } from '../../api/outbox';
import { findCachedPoop, patchCachedPoop } from '../../api/poop-cache';
import { addComment, deleteComment, setCommentLike, setPoopLike } from '../../api/poops.api';
import { queryKeys } from '../../api/query-keys';
import { meQuery } from '../../api/me.queries';
import { toggledLike, type Likeable } from './like-count';
import { reportPoopActionError } from './poop-actions';

/**
 * The writes on a post's page and in the feed as mutations with optimistic updates: the change
 * shows everywhere the post or comment is cached at once, settles on the server's answer, and
 * is rolled back (with a toast, or the login wall for a guest) when the server refuses it.
 * The write functions themselves stay plain async functions in api/poops.api.ts; offline they
 * answer `Queued` (the write waits in the outbox): the optimistic state then stays, marked
 * pending by the outbox's overlays, and a write the outbox later drops is rolled back by the
 * refetch its replay report triggers (features/outbox/outbox-effects.ts).
 */

const withCount =
  (by: number) =>
  <T extends { comments: number }>(poop: T): T => ({ ...poop, comments: Math.max(0, poop.comments + by) });

/**
 * The post liked or not as `liked` says, starting from what its button shows (a like still
 * in the outbox counts: after an offline reload the cache may not hold it).
 */
function likedAs<T extends Likeable>(item: T, liked: boolean, pending: boolean | undefined): T {
  const { on, count } = overlayCount(item.likes, item.likedByMe, pending);
  const shown = { ...item, likedByMe: on, likes: count };
  return on === liked ? shown : toggledLike(shown);
}

/** Likes or unlikes a post; a second tap while one is on its way is ignored. */
export function usePoopLike(id: string) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationKey: queryKeys.poopLike(id),
    mutationFn: (liked: boolean) => setPoopLike(id, liked),
    onMutate: async (liked: boolean) => {
      await client.cancelQueries({ queryKey: queryKeys.poop(id), exact: true });
      const before = findCachedPoop(client, id);
      const pending = pendingToggle(getOutboxEntries(), id, 'poop-like', 'poop-unlike');
      patchCachedPoop(client, id, (poop) => likedAs(poop, liked, pending));
      return { before };
    },
    onSuccess: (answer: LikeResponse | Queued) => {
      if (isQueued(answer)) return;
      patchCachedPoop(client, id, (poop) => ({ ...poop, likedByMe: answer.liked, likes: answer.likes }));
    },
    onError: (error, _liked, context) => {
      const before = context?.before;
      if (before !== undefined) patchCachedPoop(client, id, (poop) => ({ ...poop, likedByMe: before.likedByMe, likes: before.likes }));
      reportPoopActionError(error, 'like');
    },
  });
  return (liked: boolean) => {
    if (client.isMutating({ mutationKey: queryKeys.poopLike(id) }) > 0) return;
    mutation.mutate(liked);
  };
}

/** Likes or unlikes a comment of the post. */
export function useCommentLike(poopId: string) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ comment, liked }: { comment: Comment; liked: boolean }) => setCommentLike(comment.id, liked),
    onMutate: ({ comment }) => {
      patchCachedComment(client, poopId, comment.id, toggledLike);
      return { before: comment };
    },
    onSuccess: (answer, { comment }) => {
      if (isQueued(answer)) return;
      patchCachedComment(client, poopId, comment.id, (shown) => ({ ...shown, likes: answer.likes, likedByMe: answer.liked }));
    },
    onError: (error, { comment }) => {
      patchCachedComment(client, poopId, comment.id, (shown) => ({ ...shown, likes: comment.likes, likedByMe: comment.likedByMe }));
      reportPoopActionError(error, 'like');
    },
  });
  return (comment: Comment) => mutation.mutate({ comment, liked: !comment.likedByMe });
}

/**
 * Adds a comment under a client-made id (a retry is stored once): shown at once as the user's,
 * replaced by the server's copy, taken back on failure (the caller shows the error by the box).
 */
export function useAddComment(poopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => addComment(poopId, { id, text }),
    onMutate: async ({ id, text }) => {
      await client.cancelQueries({ queryKey: queryKeys.comments(poopId), exact: true });
      // A retry of a comment already shown (the answer was lost) is neither shown nor counted twice.
      if (findCachedComment(client, poopId, id) !== undefined) return { added: false };
      const user = client.getQueryData(meQuery().queryKey) ?? null;
      const pending: Comment = {
        id,
        poopId,
        uid: user?.uid ?? '',
        username: user?.username ?? '',
        userPhotoURL: user?.photoURL ?? '',
        isUserPremium: user !== null && isPremium(user),
        text,
        created: new Date().toISOString(),
        likes: 0,
        likedByMe: false,
      };
      appendCachedComment(client, poopId, pending);
      patchCachedPoop(client, poopId, withCount(1));
      return { added: true };
    },
    onSuccess: (comment) => {
      if (isQueued(comment)) return;
      patchCachedComment(client, poopId, comment.id, () => comment);
    },
    onError: (_error, { id }, context) => {
      if (context?.added !== true) return;
      removeCachedComment(client, poopId, id);
      patchCachedPoop(client, poopId, withCount(-1));
    },
  });
}

/** Deletes a comment: gone at once, put back where it was if the server refuses. */
export function useDeleteComment(poopId: string) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (comment: Comment) => deleteComment(comment.id),
    onMutate: async (comment) => {
      await client.cancelQueries({ queryKey: queryKeys.comments(poopId), exact: true });
      const before = client.getQueryData<CommentPages>(queryKeys.comments(poopId));
      removeCachedComment(client, poopId, comment.id);
      patchCachedPoop(client, poopId, withCount(-1));
      return { before };
    },
    onError: (error, _comment, context) => {
      if (context?.before !== undefined) client.setQueryData(queryKeys.comments(poopId), context.before);
      patchCachedPoop(client, poopId, withCount(1));
      reportPoopActionError(error, 'comment');
    },
  });
  return (comment: Comment) => mutation.mutate(comment);
}
