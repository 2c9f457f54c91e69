import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { feedQuery } from '../../api/poops.queries';
import { createQueryClient } from '../../api/query-client';
import { aPoop, json, stubApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { HomeFeed } from './HomeFeed';

/** Seven posts saved from yesterday: two pages of the feed. */
export const SAVED_POSTS = Array.from({ length: 7 }, (_, index) =>
  aPoop({ id: `6666666${index}-6666-4666-8666-666666666666`, title: `Saved ${index + 1}` }),
);

/**
 * Renders the feed with the saved pages already in the query cache, as the app restores them
 * before its first render. Resolves, once every saved post is shown, to how many posts the first
 * render that showed any drew.
 */
export async function renderSavedFeed(): Promise<number | undefined> {
  const firstPage = { poops: SAVED_POSTS.slice(0, 5), nextCursor: 'c1' };
  stubApi(({ method, path }) => (method === 'GET' && path.startsWith('/api/poops/feed') ? json(200, firstPage) : undefined));
  const client = createQueryClient();
  client.setQueryData(feedQuery().queryKey, {
    pages: [firstPage, { poops: SAVED_POSTS.slice(5), nextCursor: 'c2' }],
    pageParams: ['', 'c1'],
  });
  const drawn: number[] = [];
  const observer = new MutationObserver(() => drawn.push(document.querySelectorAll('article').length));
  observer.observe(document.body, { childList: true, subtree: true });
  try {
    renderInApp(<HomeFeed />, { client });
    const feed = await screen.findByRole('feed', { name: 'For you' });
    // The rest come in a transition: on a busy machine, later than waitFor's default second.
    await waitFor(() => expect(within(feed).getAllByRole('article')).toHaveLength(SAVED_POSTS.length), { timeout: 5_000 });
    expect(
      within(feed)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(SAVED_POSTS.map((poop) => poop.title));
    return drawn.find((count) => count > 0);
  } finally {
    observer.disconnect();
  }
}
