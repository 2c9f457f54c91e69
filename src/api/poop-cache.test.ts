import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPoop, apiError, json, stubApi } from '../test/fake-api';
import { forgetGonePoops, putPoopFirstInFeed, removeCachedPoop, removeGonePoop, withoutGonePoops } from './poop-cache';
import { feedQuery, poopQuery } from './poops.queries';
import { userPoopsQuery } from './users.queries';

const kept = aPoop({ id: '11111111-1111-4111-8111-111111111111', title: 'Kept' });
const gone = aPoop({ id: '22222222-2222-4222-8222-222222222222', title: 'Gone' });
const page = { poops: [kept, gone], nextCursor: null };
const ids = (poops: ReadonlyArray<{ id: string }>) => poops.map((poop) => poop.id);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('posts known to be gone', () => {
  it('are left out of list pages read after (an older copy of the list still has them)', () => {
    const client = new QueryClient();
    expect(withoutGonePoops(client, page)).toBe(page);
    removeGonePoop(client, gone.id);
    expect(ids(withoutGonePoops(client, page).poops)).toEqual([kept.id]);
    // Per client: another cache knows nothing of it.
    expect(withoutGonePoops(new QueryClient(), page)).toBe(page);
  });

  it('are not those only taken out of the lists (a post made private is still its author’s)', () => {
    const client = new QueryClient();
    removeCachedPoop(client, gone.id);
    expect(withoutGonePoops(client, page)).toBe(page);
  });

  it('show again once public again, or for another viewer', () => {
    const client = new QueryClient();
    removeGonePoop(client, gone.id);
    putPoopFirstInFeed(client, gone);
    expect(withoutGonePoops(client, page)).toBe(page);
    removeGonePoop(client, gone.id);
    forgetGonePoops(client);
    expect(withoutGonePoops(client, page)).toBe(page);
  });

  it("a 404 on the post's own read keeps it out of the feed and a user's posts, whatever they read", async () => {
    stubApi(({ path }) => {
      if (path === `/api/poops/${gone.id}`) return apiError(404, 'not_found', 'Post not found.');
      if (path.startsWith('/api/poops/feed') || path.startsWith(`/api/users/${kept.uid}/poops`)) return json(200, page);
      return undefined;
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(ids((await client.fetchInfiniteQuery(feedQuery())).pages[0]?.poops ?? [])).toEqual([kept.id, gone.id]);
    await expect(client.fetchQuery(poopQuery(gone.id))).rejects.toMatchObject({ status: 404 });
    expect(ids(client.getQueryData(feedQuery().queryKey)?.pages[0]?.poops ?? [])).toEqual([kept.id]);
    const feed = await client.fetchInfiniteQuery({ ...feedQuery(), staleTime: 0 });
    expect(ids(feed.pages[0]?.poops ?? [])).toEqual([kept.id]);
    const theirs = await client.fetchInfiniteQuery(userPoopsQuery(kept.uid));
    expect(ids(theirs.pages[0]?.poops ?? [])).toEqual([kept.id]);
  });
});
