import { describe, expect, it, vi } from 'vitest';
import { renderSavedFeed, SAVED_POSTS } from './saved-feed.fixture';

// A file of its own: the router here says it will restore the window 800 px down (a reload, a return).
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@tanstack/react-router')>()),
  useElementScrollRestoration: () => ({ scrollX: 0, scrollY: 800 }),
}));

describe('HomeFeed, with a saved feed and a scroll position to restore (a reload, a return)', () => {
  it('draws every saved post at once, so the scroll position restored with the page finds them', async () => {
    expect(await renderSavedFeed()).toBe(SAVED_POSTS.length);
  });
});
