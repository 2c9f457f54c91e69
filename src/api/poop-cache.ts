import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Poop, PoopPageResponse } from '../../core/poop-api';
import { queryKeys } from './query-keys';

/**
 * A post can be in the cache more than once: under its own key and in every list of posts (the
 * feed, a user's posts). These helpers change it everywhere at once, so a like made on a post's
 * page shows in the feed on the way back. Lists are infinite queries of `{ poops, nextCursor }` pages.
 */

type PoopPages = InfiniteData<PoopPageResponse, unknown>;

function isPoopPages(data: unknown): data is PoopPages {
  if (typeof data !== 'object' || data === null || !('pages' in data)) return false;
  const { pages } = data;
  return Array.isArray(pages) && pages.every((page: unknown) => typeof page === 'object' && page !== null && 'poops' in page);
}

function mapPoopLists(client: QueryClient, change: (pages: PoopPages) => PoopPages): void {
  for (const query of client.getQueryCache().findAll({ queryKey: queryKeys.all })) {
    const data = query.state.data;
    if (isPoopPages(data)) client.setQueryData(query.queryKey, change(data));
  }
}

/** The post as any list or its own query holds it now (for showing it at once, and for rollback). */
export function findCachedPoop(client: QueryClient, id: string): Poop | undefined {
  const own = client.getQueryData<Poop>(queryKeys.poop(id));
  if (own !== undefined) return own;
  for (const query of client.getQueryCache().findAll({ queryKey: queryKeys.all })) {
    const data = query.state.data;
    if (!isPoopPages(data)) continue;
    for (const page of data.pages) {
      const found = page.poops.find((poop) => poop.id === id);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Changes one post wherever it is cached; nothing happens where it is not. */
export function patchCachedPoop(client: QueryClient, id: string, change: (poop: Poop) => Poop): void {
  client.setQueryData<Poop>(queryKeys.poop(id), (poop) => (poop === undefined ? poop : change(poop)));
  mapPoopLists(client, (data) => {
    if (!data.pages.some((page) => page.poops.some((poop) => poop.id === id))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({ ...page, poops: page.poops.map((poop) => (poop.id === id ? change(poop) : poop)) })),
    };
  });
}

/** Takes a post out of every list (deleted, or no longer public). */
export function removeCachedPoop(client: QueryClient, id: string): void {
  mapPoopLists(client, (data) => {
    if (!data.pages.some((page) => page.poops.some((poop) => poop.id === id))) return data;
    return { ...data, pages: data.pages.map((page) => ({ ...page, poops: page.poops.filter((poop) => poop.id !== id) })) };
  });
}

/** The posts this client learned are gone for its viewer (deleted, or no longer visible to them). */
const gonePoops = new WeakMap<QueryClient, Set<string>>();

/**
 * Takes a post the server answered 404 for (or that the user deleted) out of every list, and
 * keeps it out of the lists read after: a read may be answered with an older copy (the service
 * worker's saved answer when the network is slow or down, sw/runtime-cache.ts) that still has it.
 */
export function removeGonePoop(client: QueryClient, id: string): void {
  let gone = gonePoops.get(client);
  if (gone === undefined) {
    gone = new Set();
    gonePoops.set(client, gone);
  }
  gone.add(id);
  removeCachedPoop(client, id);
}

/** A list page read from the API without the posts known to be gone (what list queries store). */
export function withoutGonePoops<T extends { poops: readonly Poop[] }>(client: QueryClient, page: T): T {
  const gone = gonePoops.get(client);
  if (gone === undefined || !page.poops.some((poop) => gone.has(poop.id))) return page;
  return { ...page, poops: page.poops.filter((poop) => !gone.has(poop.id)) };
}

/** Forgets which posts are gone: another viewer (sign-out, another account) may see them. */
export function forgetGonePoops(client: QueryClient): void {
  gonePoops.delete(client);
}

/** Stores a post under its own key and puts it at the top of the feed (a new post, or one just made public). */
export function putPoopFirstInFeed(client: QueryClient, poop: Poop): void {
  // Public (again): list reads may show it.
  gonePoops.get(client)?.delete(poop.id);
  client.setQueryData(queryKeys.poop(poop.id), poop);
  client.setQueryData<PoopPages>(queryKeys.feed(), (data) => {
    if (data === undefined) return data;
    const pages = data.pages.map((page) => ({ ...page, poops: page.poops.filter((other) => other.id !== poop.id) }));
    const [first, ...rest] = pages;
    if (first === undefined) return data;
    return { ...data, pages: [{ ...first, poops: [poop, ...first.poops] }, ...rest] };
  });
}
