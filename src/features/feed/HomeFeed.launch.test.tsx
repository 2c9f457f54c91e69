import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_RENDER_POSTS } from './HomeFeed';
import { renderSavedFeed } from './saved-feed.fixture';

// A file of its own: the feed draws the first screen first once in a page load (module state).

afterEach(() => {
  vi.restoreAllMocks();
});

describe('HomeFeed, in a page opened afresh (an app launch) with a saved feed', () => {
  it("draws the first screen's posts first, then every saved post, then offers the next page", async () => {
    expect(await renderSavedFeed('navigate')).toBe(FIRST_RENDER_POSTS);
    expect(await screen.findByRole('button', { name: 'Load more' })).toBeTruthy();
  });
});
