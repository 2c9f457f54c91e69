import type { QueryClient } from '@tanstack/react-query';
import type { PoopPageResponse } from '../../core/poop-api';
import { PAGE_FEED_ELEMENT_ID } from '../../core/api-paths';
import { feedQuery } from './poops.queries';
import { dataBlockText } from './page-data';

/** 'For you' starting with `page` (its first page), fresh as of now. */
export function seedFeedPage(client: QueryClient, page: PoopPageResponse): void {
  client.setQueryData(feedQuery().queryKey, { pages: [page], pageParams: [null] });
}

/**
 * The first page of 'For you' that the server rendered into the page it sent (GET /root signed
 * in), so the app's first render shows the same posts without asking for them again; undefined
 * when the page carries none (every other page, and the service worker's copy).
 */
export function feedInPage(): PoopPageResponse | undefined {
  return parsePageFeed(dataBlockText(PAGE_FEED_ELEMENT_ID));
}

/** The feed page in the page's data block's text; undefined for none, or for anything but a page of posts. */
export function parsePageFeed(text: string | null): PoopPageResponse | undefined {
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || !('poops' in value) || !Array.isArray(value.poops)) return undefined;
    const nextCursor = 'nextCursor' in value ? value.nextCursor : undefined;
    if (nextCursor !== null && typeof nextCursor !== 'string') return undefined;
    return value as PoopPageResponse;
  } catch (error) {
    // A page cut short: the feed asks GET /api/poops/feed as on any other page.
    void error;
    return undefined;
  }
}
