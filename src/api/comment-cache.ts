import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Comment, CommentPageResponse } from '../../core/poop-api';
import { queryKeys } from './query-keys';

/** A post's comment pages in the cache (oldest first), changed in place for optimistic updates. */
export type CommentPages = InfiniteData<CommentPageResponse, unknown>;

function mapComments(client: QueryClient, poopId: string, change: (comments: readonly Comment[]) => Comment[]): void {
  client.setQueryData<CommentPages>(queryKeys.comments(poopId), (data) =>
    data === undefined ? data : { ...data, pages: data.pages.map((page) => ({ ...page, comments: change(page.comments) })) },
  );
}

export function findCachedComment(client: QueryClient, poopId: string, id: string): Comment | undefined {
  const data = client.getQueryData<CommentPages>(queryKeys.comments(poopId));
  return data?.pages.flatMap((page) => page.comments).find((comment) => comment.id === id);
}

export function patchCachedComment(client: QueryClient, poopId: string, id: string, change: (comment: Comment) => Comment): void {
  mapComments(client, poopId, (comments) => comments.map((comment) => (comment.id === id ? change(comment) : comment)));
}

export function removeCachedComment(client: QueryClient, poopId: string, id: string): void {
  mapComments(client, poopId, (comments) => comments.filter((comment) => comment.id !== id));
}

/** Adds the user's new comment after the last loaded one (the newest are last). */
export function appendCachedComment(client: QueryClient, poopId: string, comment: Comment): void {
  client.setQueryData<CommentPages>(queryKeys.comments(poopId), (data) => {
    if (data === undefined) return { pages: [{ comments: [comment], nextCursor: null }], pageParams: [null] };
    const last = data.pages.length - 1;
    return {
      ...data,
      pages: data.pages.map((page, index) => (index === last ? { ...page, comments: [...page.comments, comment] } : page)),
    };
  });
}

/**
 * The comments to show, in order, each once. A comment the user added while older pages were
 * unloaded is also in a later page once it loads: the later copy (its place in order) wins.
 */
export function commentsInOrder(data: CommentPages | undefined): Comment[] {
  const all = (data?.pages ?? []).flatMap((page) => page.comments);
  const lastIndex = new Map(all.map((comment, index) => [comment.id, index]));
  return all.filter((comment, index) => lastIndex.get(comment.id) === index);
}
