import { describe, expect, it } from 'vitest';
import { FEED_CACHE_TTL_MS, FeedPageCache, feedCacheFor, feedPageKey } from '../services/feed-page-cache';
import { TestClock } from './helpers';

function cache(maxEntries = 3) {
  return new FeedPageCache<string>({ maxEntries, ttlMs: FEED_CACHE_TTL_MS });
}

describe('FeedPageCache', () => {
  it('keeps a page until its TTL: fresh 1 ms before, gone at the TTL', () => {
    const clock = new TestClock();
    const pages = cache();
    pages.set('k', 'page', pages.generation, clock.now());
    clock.advance(FEED_CACHE_TTL_MS - 1);
    expect(pages.get('k', clock.now())).toBe('page');
    clock.advance(1);
    expect(pages.get('k', clock.now())).toBeUndefined();
    expect(pages.size).toBe(0);
  });

  it('counts a clock set back as expired, so a jump back in time cannot keep a page for longer', () => {
    const clock = new TestClock();
    const pages = cache();
    pages.set('k', 'page', pages.generation, clock.now());
    clock.advance(-1);
    expect(pages.get('k', clock.now())).toBeUndefined();
  });

  it('holds at most maxEntries pages, dropping the least recently read first', () => {
    const clock = new TestClock();
    const pages = cache(3);
    for (const key of ['a', 'b', 'c']) pages.set(key, key, pages.generation, clock.now());
    expect(pages.get('a', clock.now())).toBe('a'); // a is now the most recently read
    pages.set('d', 'd', pages.generation, clock.now());
    expect(pages.size).toBe(3);
    expect(pages.get('b', clock.now())).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => pages.get(key, clock.now()))).toEqual(['a', 'c', 'd']);

    for (let i = 0; i < 100; i++) pages.set(`k${i}`, 'x', pages.generation, clock.now());
    expect(pages.size).toBe(3);
  });

  it('replacing a key does not count twice', () => {
    const clock = new TestClock();
    const pages = cache(2);
    pages.set('a', 'old', pages.generation, clock.now());
    pages.set('a', 'new', pages.generation, clock.now());
    pages.set('b', 'b', pages.generation, clock.now());
    expect([pages.get('a', clock.now()), pages.get('b', clock.now())]).toEqual(['new', 'b']);
  });

  it('a page read before an invalidation is not stored after it', () => {
    const clock = new TestClock();
    const pages = cache();
    const before = pages.generation; // the read starts
    pages.invalidate(); // a write ends while the read runs
    pages.set('k', 'older page', before, clock.now()); // the read finishes
    expect(pages.get('k', clock.now())).toBeUndefined();

    pages.set('k', 'fresh page', pages.generation, clock.now());
    expect(pages.get('k', clock.now())).toBe('fresh page');
  });

  it('invalidating() drops every page after the write, also when the write fails', async () => {
    const clock = new TestClock();
    const pages = cache();
    pages.set('a', 'a', pages.generation, clock.now());
    await expect(pages.invalidating(async () => 'written')).resolves.toBe('written');
    expect(pages.size).toBe(0);

    pages.set('a', 'a', pages.generation, clock.now());
    const failure = new Error('the write failed after it may have committed');
    await expect(pages.invalidating(() => Promise.reject(failure))).rejects.toBe(failure);
    expect(pages.get('a', clock.now())).toBeUndefined();
  });

  it('keeps nothing with maxEntries 0 (FEED_CACHE=off)', () => {
    const clock = new TestClock();
    const pages = cache(0);
    pages.set('a', 'a', pages.generation, clock.now());
    expect(pages.get('a', clock.now())).toBeUndefined();
    expect(pages.size).toBe(0);
  });
});

describe('feedCacheFor', () => {
  it('follows FEED_CACHE when set; unset, on with PGlite and off with PostgreSQL', () => {
    expect(feedCacheFor(undefined, 'pglite')).toBe(true);
    expect(feedCacheFor(undefined, 'postgres')).toBe(false);
    expect(feedCacheFor(false, 'pglite')).toBe(false);
    expect(feedCacheFor(true, 'postgres')).toBe(true);
  });
});

describe('feedPageKey', () => {
  it('tells viewers and pages apart; no cursor and an empty one are the same first page', () => {
    expect(feedPageKey(undefined, undefined)).toBe(feedPageKey(undefined, ''));
    expect(feedPageKey('u1', undefined)).toBe(feedPageKey('u1', ''));
    const keys = [
      feedPageKey(undefined, undefined),
      feedPageKey(undefined, 'abc.0f'),
      feedPageKey('u1', undefined),
      feedPageKey('u1', 'abc.0f'),
      feedPageKey('u2', undefined),
      // A uid and a cursor that would spell the same text if simply joined.
      feedPageKey('a', '1:b'),
      feedPageKey('a:1', 'b'),
      feedPageKey('', undefined),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
