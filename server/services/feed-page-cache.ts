/**
 * Most feed pages kept at once (anonymous first pages and each signed-in viewer's pages, a few
 * KB of JSON each): enough for the pages people are actually reading, small enough that a
 * crawler walking cursors only pushes out the least recently read ones.
 */
export const FEED_CACHE_MAX_ENTRIES = 500;

/**
 * How long a cached page is believed. Every write through this server drops the cache at once;
 * this window only bounds how late a write made elsewhere (a second server on the same
 * database, a SQL console, the seed script) shows in the feed.
 */
export const FEED_CACHE_TTL_MS = 2_000;

/**
 * Whether a server keeps feed pages: as FEED_CACHE says, else by its database. With PGlite, on: one
 * process owns the data (its folder is locked), so every write goes through this server's services and
 * empties the cache at once; and a PGlite read runs on the server's own thread and is over before the
 * next request is read, so readers of a page at one moment never find a read of it in flight to join,
 * as they do on PostgreSQL (PoopService.feedJson): the cache is how they share it (docs/performance.md).
 * With PostgreSQL, off: under a mixed workload every write empties it and it did not help (server/README.md).
 */
export function feedCacheFor(setting: boolean | undefined, database: 'pglite' | 'postgres'): boolean {
  return setting ?? database === 'pglite';
}

/** The database channel on which servers announce writes that change feed pages (the payload: the writer's instance id). */
export const FEED_CHANGES_CHANNEL = 'feed_changes';

/** What a service that writes something a feed page shows needs of the cache. */
export interface FeedInvalidation {
  /**
   * Runs a write that can change a feed page, then drops every cached page, whether the write
   * succeeded or not (a write that failed late may still have committed).
   */
  invalidating<T>(write: () => Promise<T>): Promise<T>;
}

interface Entry<V> {
  value: V;
  /** When the read that produced it started (ms). */
  storedAt: number;
}

/**
 * The in-process cache of public feed pages (`PoopService.feedJson`), keyed by viewer and cursor,
 * holding the JSON the route sends. Bounded (least recently read goes first) and short-lived
 * (FEED_CACHE_TTL_MS), and emptied by every write that can change what a feed page shows:
 *
 * - a post created (PoopPostService.create), edited or deleted (PoopService.update, remove);
 * - a post liked or unliked (LikeService.setPoopLike: the count, and likedByMe);
 * - a comment added or removed (CommentService.create, remove: the count);
 * - an author renamed or given a new avatar (ProfileService.update, setAvatar: both are copied onto posts);
 * - an account deleted (AccountService, which the retry job also runs: its posts, likes and comments go);
 * - a moderator's stage, type change, decision or verification of a post (ModerationService);
 * - premium starting or ending (PremiumService: `is_user_premium` on the author's posts).
 *
 * Not listed because no feed page shows them: comment likes, follows, points and streaks, the
 * storage sweep's `files_removed` and `image_key`. A new write path that changes what a page shows
 * must go through `invalidating` too.
 *
 * Several servers on one database: each write is announced (`announce`, FEED_CHANGES_CHANNEL:
 * PostgreSQL NOTIFY) and every other server's listener calls `invalidate`; a write that bypasses
 * the services (SQL) still shows within the TTL.
 *
 * A read captures `generation` before it queries and stores its page only if no write ended
 * meanwhile, so a page read before a write can never be stored after that write dropped the cache.
 * `maxEntries` 0 keeps nothing (FEED_CACHE=off).
 */
export class FeedPageCache<V> implements FeedInvalidation {
  private readonly entries = new Map<string, Entry<V>>();
  private current = 0;

  constructor(
    private readonly options: {
      maxEntries: number;
      ttlMs: number;
      /**
       * Tells the other servers on the database that a write happened (they drop their pages);
       * started after every write, not awaited, so it must not throw.
       */
      announce?: () => Promise<void>;
    },
  ) {}

  /** Bumped by every invalidation; pass the value read before a query to `set`. */
  get generation(): number {
    return this.current;
  }

  /** How many pages are held now. */
  get size(): number {
    return this.entries.size;
  }

  /** The page under `key` if it is younger than the TTL at `now` (a clock set back counts as expired). */
  get(key: string, now: Date): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = now.getTime() - entry.storedAt;
    this.entries.delete(key);
    if (age < 0 || age >= this.options.ttlMs) return undefined;
    // Re-inserted so the Map's order stays least recently read first.
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Keeps a page read at `readAt`, unless the cache was invalidated since `generation` was read
   * (the page may predate a write). Evicts the least recently read page when full.
   */
  set(key: string, value: V, generation: number, readAt: Date): void {
    if (generation !== this.current || this.options.maxEntries <= 0) return;
    this.entries.delete(key);
    while (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, storedAt: readAt.getTime() });
  }

  /** Drops every page and makes reads still in flight unable to store theirs. */
  invalidate(): void {
    this.current++;
    this.entries.clear();
  }

  async invalidating<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      this.invalidate();
      // Not awaited: the other servers hear of it a moment after the write answers either way
      // (NOTIFY is delivered asynchronously), and the writer's answer need not wait for it.
      void this.options.announce?.();
    }
  }
}

/** The cache key of a feed page: who reads it (anonymous or a uid) and which page; '' and no cursor are both the first page. */
export function feedPageKey(viewerUid: string | undefined, cursor: string | undefined): string {
  // The uid's length goes first so no (uid, cursor) pair can spell another's key.
  return viewerUid === undefined ? `-:${cursor ?? ''}` : `${viewerUid.length}:${viewerUid}:${cursor ?? ''}`;
}
