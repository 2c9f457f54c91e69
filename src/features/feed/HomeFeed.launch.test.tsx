import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_RENDER_POSTS } from './HomeFeed';
import { renderSavedFeed } from './saved-feed.fixture';

describe('HomeFeed, opened with a saved feed and no scroll position to restore (an app launch)', () => {
  it("draws the first screen's posts first, then every saved post, then offers the next page", async () => {
    expect(await renderSavedFeed()).toBe(FIRST_RENDER_POSTS);
    expect(await screen.findByRole('button', { name: 'Load more' })).toBeTruthy();
  });
});
