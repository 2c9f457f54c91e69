import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSavedFeed, SAVED_POSTS } from './saved-feed.fixture';

// A file of its own: what the feed draws first depends on its first render in a page load (module state).

afterEach(() => {
  vi.restoreAllMocks();
});

describe('HomeFeed, in a reloaded page with a saved feed', () => {
  it('draws every saved post at once, so the scroll position restored with the page finds them', async () => {
    expect(await renderSavedFeed('reload')).toBe(SAVED_POSTS.length);
  });
});
