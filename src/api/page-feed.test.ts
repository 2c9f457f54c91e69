import { describe, expect, it } from 'vitest';
import { feedQuery } from './poops.queries';
import { createQueryClient } from './query-client';
import { parsePageFeed, seedFeedPage } from './page-feed';

const page = { poops: [{ id: 'a', title: 'First' }], nextCursor: 'cursor-1' };

describe('the feed page the server rendered into the page', () => {
  it('is read from the data block', () => {
    expect(parsePageFeed(JSON.stringify(page))).toEqual(page);
    expect(parsePageFeed(JSON.stringify({ poops: [], nextCursor: null }))).toEqual({ poops: [], nextCursor: null });
  });

  it.each([null, '', '{"poops": [', 'null', '{}', '{"poops": {}}', '{"poops": [], "nextCursor": 3}', '{"poops": []}'])(
    'is nothing for %j, and the app reads the feed itself',
    (text) => {
      expect(parsePageFeed(text)).toBeUndefined();
    },
  );

  it("becomes 'For you''s first page, fresh, with the cursor to the next", () => {
    const client = createQueryClient();
    seedFeedPage(client, parsePageFeed(JSON.stringify(page))!);
    const state = client.getQueryState(feedQuery().queryKey);
    expect(state?.data).toEqual({ pages: [page], pageParams: [null] });
    expect(state?.isInvalidated).toBe(false);
    expect(Date.now() - (state?.dataUpdatedAt ?? 0)).toBeLessThan(5_000);
  });
});
